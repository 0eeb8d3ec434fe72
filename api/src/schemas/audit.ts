import { z } from 'zod';
import { auditMessages as m } from '../messages.ts';
import { requiredEmail } from './fields.ts';
import { defaultTablePageSize, pageSizeSchema } from './holders.ts';
import { pageNumberSchema, pagedSchema } from './projects.ts';

/** The actions of the operations log (issue 38), by the word its filter takes (a prefix: 'force' takes both). */
export const auditActionGroups = [
  'sign-in',
  'approval',
  'whitelist',
  'rules',
  'force',
  'token',
  'document',
  'export',
  'webhook',
  'key',
  'role',
  'auditor',
] as const;

export const auditSymbolParamsSchema = z.object({ symbol: z.string().trim().min(1).max(100) });
export const auditPackIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const optionalDate = z.iso.datetime({ offset: true, error: m.dateInvalid }).optional();

/** GET /audit/{symbol}: a page of the token's entries, newest first, filtered. */
export const auditLogQuerySchema = z.object({
  page: pageNumberSchema.optional().default(1),
  pageSize: pageSizeSchema.optional().default(defaultTablePageSize),
  actor: z.string().trim().max(254).optional(),
  action: z.string().trim().max(60).optional(),
  from: optionalDate,
  to: optionalDate,
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  actor: z.string().nullable(),
  requestId: z.string().nullable(),
  symbol: z.string().nullable(),
  object: z.string().nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

/** What the viewer may do on a token's audit page: 'owner' also grants auditors; 'auditor' only reads. */
export const auditRoles = ['owner', 'manager', 'auditor'] as const;
export type AuditRole = (typeof auditRoles)[number];

export const auditLogPageSchema = pagedSchema(auditEntrySchema).extend({ role: z.enum(auditRoles) });
export type AuditLogPage = z.output<typeof auditLogPageSchema>;

const anchorSchema = z.object({
  seq: z.number().int(),
  block: z.number().int(),
  hash: z.string(),
  transactionHash: z.string().nullable(),
});
export type AuditAnchor = z.output<typeof anchorSchema>;

/** GET /audit/{symbol}/verify: the whole chain walked, the anchors compared. */
export const auditVerifySchema = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  lastAnchor: anchorSchema.extend({ matches: z.boolean() }).nullable(),
  firstBroken: z
    .object({
      seq: z.number().int(),
      reason: z.string(),
      /** The newest anchor at or after the broken entry: the chain no longer reproduces its hash. */
      contradicts: anchorSchema.nullable(),
    })
    .nullable(),
});
export type AuditVerify = z.output<typeof auditVerifySchema>;

export const auditAnchorResponseSchema = z.object({
  jobId: z.number().int().nullable(),
  anchor: anchorSchema.nullable(),
});

/** POST /audit/{symbol}/packs: the register at a block or a date; movements between from and to. */
export const createAuditPackRequestSchema = z
  .object({
    blockNumber: z.coerce
      .number({ error: m.blockInvalid })
      .int(m.blockInvalid)
      .min(0, m.blockInvalid)
      .optional(),
    date: optionalDate,
    from: optionalDate,
    to: optionalDate,
  })
  .refine((body) => (body.blockNumber === undefined) !== (body.date === undefined), {
    message: m.blockOrDate,
    path: ['blockNumber'],
  })
  .refine((body) => !body.from || !body.to || Date.parse(body.from) <= Date.parse(body.to), {
    message: m.fromAfterTo,
    path: ['to'],
  });
export type CreateAuditPackRequest = z.input<typeof createAuditPackRequestSchema>;

export const auditPackStates = ['queued', 'running', 'done', 'failed'] as const;
export const auditPackSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  requestedBy: z.string(),
  createdOn: z.string(),
  blockNumber: z.number().int().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  state: z.enum(auditPackStates),
  /** 0 to 100. */
  progress: z.number().int(),
  step: z.string(),
  bytes: z.number().int().nullable(),
  digest: z.string().nullable(),
});
export type AuditPack = z.output<typeof auditPackSchema>;
export const auditPackListSchema = z.array(auditPackSchema);
export const auditPackIdSchema = z.object({ id: z.number().int() });

/** POST and DELETE /audit/{symbol}/auditors. */
export const auditorRequestSchema = z.object({
  email: requiredEmail({ required: m.emailRequired, invalid: m.emailInvalid, tooLong: m.emailInvalid }),
});
export type AuditorRequest = z.input<typeof auditorRequestSchema>;
export const auditorSchema = z.object({ email: z.string(), profileName: z.string(), grantedOn: z.string() });
export type Auditor = z.output<typeof auditorSchema>;
export const auditorListSchema = z.array(auditorSchema);
