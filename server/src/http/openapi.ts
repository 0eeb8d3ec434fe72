import {
  accountErrors,
  apiErrors,
  apiPrefix,
  errorEnvelopeSchema,
  failure,
  idempotencyMessages,
  pathParams,
  type RouteDefinition,
  type RouteId,
  routes,
} from '@tranche/api';
import { z } from 'zod';
import { domains, routeDomain } from './openapiDomains.ts';
import { webhookOperations } from './openapiWebhooks.ts';

export { routeDomain };

/**
 * The OpenAPI document's parts that @fastify/swagger does not draw from the route schemas, all derived from
 * the @tranche/api route table (access, method, inputs, path), never written per route:
 * servers, the bearer scheme and every operation's security (public routes explicitly none), tags by domain,
 * the error envelope answers each operation can give, path parameters limited to the operation's own path,
 * and an example of every request body.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
};
type Parameter = { in: string; name: string; [field: string]: unknown };
type MediaType = { schema?: JsonSchema; example?: unknown };
type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, unknown>;
};
type Document = {
  webhooks?: Record<string, unknown>;
  info?: Record<string, unknown>;
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

export const bearerSchemeName = 'bearerAuth';

/** The error answers of the API, each with a real message of ours as its example. */
const errorResponses = {
  400: [
    'Invalid input: the first invalid field’s message, or a body that is not JSON',
    apiErrors.bodyNotJson,
  ],
  401: ['No valid session, or wrong credentials', accountErrors.authenticationRequired],
  403: ['Not allowed for this account (the access module refused)', accountErrors.notConfirmed],
  404: ['The named resource does not exist', apiErrors.notFound],
  409: ['Conflicts with the current state (exists already, wrong status)', accountErrors.emailTaken],
  422: ['The Idempotency-Key was used for a different request', idempotencyMessages.keyReused],
  429: ['Too many attempts: wait and try again', accountErrors.tooManyAttempts],
  503: ['The server is stopping, or the chain or database does not answer', 'The database does not answer'],
} as const;
type ErrorStatus = keyof typeof errorResponses;

/**
 * The error statuses a route can answer, from its table entry: 400 when it takes input; 401 and 403 for
 * session routes (the session, then the access module) and for public routes that take a body (wrong
 * credentials or codes, unconfirmed account); 404 when its path names something; 409 and 429 when it changes
 * state (conflicts, throttled attempts); 503 always (the server stopping answers every call with it).
 */
export function errorStatuses(definition: RouteDefinition): ErrorStatus[] {
  const takesInput = Boolean(definition.params || definition.query || definition.body);
  const checksWho = definition.access === 'user' || Boolean(definition.body);
  const changesState = definition.method !== 'GET';
  const statuses: [ErrorStatus, boolean][] = [
    [400, takesInput],
    [401, checksWho],
    [403, checksWho],
    [404, pathParams(definition.path).length > 0],
    [409, changesState],
    [422, Boolean(definition.idempotent)],
    [429, changesState],
    [503, true],
  ];
  return statuses.filter(([, applies]) => applies).map(([status]) => status);
}

const exampleAddress = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const exampleHash = `0x${'5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'}`;

/** Example values by field name, used wherever a request body has that field (validated by the route's schema). */
const fieldExamples: Record<string, unknown> = {
  loginName: 'issuer@example.com',
  emailAddress: 'issuer@example.com',
  password: 'correct horse battery staple',
  newPassword: 'correct horse battery staple',
  profileName: 'Ada Issuer',
  legalName: 'Acme Capital AG',
  name: 'Acme Bond 2030',
  symbol: 'ACME30',
  description: 'Senior bond, 5 % coupon',
  title: 'Prospectus',
  uri: 'https://example.com/prospectus.pdf',
  partition: 'CLASS-A',
  amount: '1000',
  expiresAt: '2027-06-30',
  total: 3,
  minimum: 2,
  recipients: 'ada@example.com, bob@example.com, eve@example.com',
  privateKey: '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318',
  keyName: 'Treasury key',
  schemeName: 'Acme scheme',
  whitelistName: 'Acme investors',
  currency: 'EUR',
  accessCode: '482913',
  confirmationCode: '482913',
  passwordResetCode: '482913',
  pdfPassword: 'Kx7-pq2-Lm9',
  signature: `0x${'5a'.repeat(64)}1b`,
  maxHolders: 100,
  lockupUntil: 1798761600,
  minHolding: '10',
  maxHolding: '100000',
  countries: { mode: 'allow', list: ['DE', 'FR'] },
};

/** An example value for a JSON schema (the field's own example when the name has one). */
export function exampleOf(schema: JsonSchema, name?: string): unknown {
  if (name !== undefined && name in fieldExamples && matchesType(schema, fieldExamples[name])) {
    return fieldExamples[name];
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives?.[0]) return exampleOf(alternatives[0], name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, exampleOf(value, key)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        exampleOf(schema.items ?? {}, name),
      );
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return exampleString(schema, name);
  }
}

function exampleString(schema: JsonSchema, name = ''): string {
  if (schema.format === 'date-time') return '2030-06-30T00:00:00Z';
  if (schema.pattern?.includes('{40}')) return exampleAddress;
  if (schema.pattern?.includes('{64}') || /hash|asset/i.test(name)) return exampleHash;
  if (/address|publicKey|owner/i.test(name)) return exampleAddress;
  if (schema.pattern === '^\\d+$' || schema.pattern === '^[0-9]+$') return '1000';
  if (schema.format === 'email' || /email/i.test(name)) return 'issuer@example.com';
  const text = name || 'text';
  return text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? text.length);
}

function matchesType(schema: JsonSchema, value: unknown): boolean {
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.length === 0) return true;
  const actual = value === null ? 'null' : typeof value;
  return types.includes(actual) || (actual === 'number' && types.includes('integer'));
}

const jsonMedia = 'application/json';
const errorEnvelopeJsonSchema = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(errorEnvelopeSchema) as Record<string, unknown>;
  return schema;
})();

/**
 * The `transformObject` of @fastify/swagger: paths relative to the `/api` server, and everything the module
 * comment lists, derived from the route table for each operation (found by its operationId, the route id).
 */
export function describeApi<D extends object>(input: D): D {
  const document = input as Document;
  const usedTags = new Set<string>();
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [fullPath, item] of Object.entries(document.paths ?? {})) {
    const relative = fullPath.startsWith(`${apiPrefix}/`) ? fullPath.slice(apiPrefix.length) : fullPath;
    const ownParams = [...relative.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const operation of Object.values(item)) {
      const id = operation.operationId as RouteId | undefined;
      const definition: RouteDefinition | undefined = id ? routes[id] : undefined;
      if (!definition) continue;
      const tag = routeDomain(definition);
      usedTags.add(tag);
      operation.tags = [tag];
      operation.security = definition.access === 'user' ? [{ [bearerSchemeName]: [] }] : [];
      operation.parameters = operation.parameters?.filter(
        (p) => p.in !== 'path' || ownParams.includes(p.name),
      );
      if (definition.idempotent)
        operation.parameters = [
          ...(operation.parameters ?? []),
          {
            in: 'header',
            name: 'Idempotency-Key',
            required: false,
            description:
              'A key of yours for this request (kept 24 hours): a retry with the same key and request answers as the first did and starts nothing again; the same key with another request answers 422.',
            schema: { type: 'string', minLength: 1, maxLength: 255 },
          },
        ];
      const body = operation.requestBody?.content?.[jsonMedia];
      if (body?.schema) body.example = definition.bodyExample ?? exampleOf(body.schema);
      const responses = operation.responses ?? {};
      for (const status of errorStatuses(definition)) {
        responses[status] = { $ref: `#/components/responses/Error${status}` };
      }
      operation.responses = responses;
    }
    paths[relative] = item;
  }
  const described: Document = {
    ...document,
    info: { ...document.info, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    servers: [{ url: apiPrefix, description: 'This server (the console and the API share one origin)' }],
    tags: Object.entries(domains)
      .filter(([name]) => usedTags.has(name))
      .map(([name, d]) => ({ name, description: d.description }))
      .concat(
        [...usedTags]
          .filter((name) => !(name in domains))
          .map((name) => ({ name, description: `Calls under /${name}` })),
      ),
    paths,
    // OpenAPI 3.1: what Tranche POSTs to a webhook endpoint, one operation per event type.
    webhooks: webhookOperations(),
    components: {
      ...document.components,
      securitySchemes: {
        [bearerSchemeName]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The `jwt` answered by POST /login, sent as `Authorization: Bearer <jwt>`',
        },
      },
      schemas: { ...document.components?.schemas, ErrorEnvelope: errorEnvelopeJsonSchema },
      responses: Object.fromEntries(
        Object.entries(errorResponses).map(([status, [description, message]]) => [
          `Error${status}`,
          {
            description,
            content: {
              [jsonMedia]: {
                schema: { $ref: '#/components/schemas/ErrorEnvelope' },
                example: failure(Number(status), message),
              },
            },
          },
        ]),
      ),
    },
  };
  return described as D;
}
