// Transfer rules, pre-checks and bulk operations: this group's part of the full route table (routes.ts). A browser loads it with the first call of one of
// its routes (answers.ts), and no other group's schemas.
// Imported first: zod's browser setting must come before any schema here is built.
import '../zodConfig.ts';
import {
  bulkJobParamsSchema,
  bulkJobSchema,
  startBulkRequestSchema,
  startBulkResponseSchema,
} from '../schemas/bulk.ts';
import {
  precheckRequestSchema,
  precheckResponseSchema,
  rulesSimulationSchema,
  setRulesRequestSchema,
  setRulesResponseSchema,
  tokenRulesParamsSchema,
  tokenRulesSchema,
} from '../schemas/rules.ts';
import { type GroupRoutes, route } from './define.ts';

export const rulesRoutes = {
  getTokenRules: route('getTokenRules', {
    spec: 'tranche',
    summary: 'Compliance rules of a token and its partitions, with holder counts',
    params: tokenRulesParamsSchema,
    response: tokenRulesSchema,
  }),
  setTokenRules: route('setTokenRules', {
    spec: 'tranche',
    summary: 'Set the compliance rule of a token or of one partition',
    body: setRulesRequestSchema,
    response: setRulesResponseSchema,
  }),
  simulateTokenRules: route('simulateTokenRules', {
    spec: 'tranche',
    summary:
      'What-if: every holding, holder count and queued operation the proposed rule (body of PUT /token/rules) would put out of bounds',
    body: setRulesRequestSchema,
    response: rulesSimulationSchema,
  }),
  precheckOperation: route('precheckOperation', {
    spec: 'tranche',
    summary: 'Whether an operation would pass the chain now, in plain words, before anything is signed',
    body: precheckRequestSchema,
    response: precheckResponseSchema,
  }),
  startBulk: route('startBulk', {
    spec: 'tranche',
    summary:
      'Start a bulk issue or bulk forced transfer on a live token: every row pre-checked, then sent in batches',
    body: startBulkRequestSchema,
    response: startBulkResponseSchema,
    idempotent: true,
  }),
  getBulk: route('getBulk', {
    spec: 'tranche',
    summary: 'Progress of a bulk operation and the result of each row',
    params: bulkJobParamsSchema,
    response: bulkJobSchema,
  }),
} satisfies GroupRoutes<'rules'>;
