import {
  auditAnchorResponseSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  auditorListSchema,
  auditorRequestSchema,
  auditPackIdParamsSchema,
  auditPackIdSchema,
  auditPackListSchema,
  auditPackSchema,
  auditSymbolParamsSchema,
  auditVerifySchema,
  createAuditPackRequestSchema,
} from '../schemas/audit.ts';
import { type GroupRoutes, route } from './define.ts';

export const auditRoutes = {
  auditLog: route('auditLog', {
    spec: 'tranche',
    summary: "A page of the token's operations log, newest first (filters: actor, action, from, to)",
    params: auditSymbolParamsSchema,
    query: auditLogQuerySchema,
    response: auditLogPageSchema,
  }),
  auditVerify: route('auditVerify', {
    spec: 'tranche',
    summary:
      "Walks the operations log's hash chain and compares the anchors: ok, entries, last anchor, first broken entry",
    params: auditSymbolParamsSchema,
    response: auditVerifySchema,
  }),
  auditAnchor: route('auditAnchor', {
    spec: 'tranche',
    summary:
      "Anchors the log's head hash on-chain now (a job; answers the last anchor when the head is anchored)",
    params: auditSymbolParamsSchema,
    response: auditAnchorResponseSchema,
  }),
  createAuditPack: route('createAuditPack', {
    spec: 'tranche',
    summary:
      'Prepares a regulator pack (a durable job): the register at a block or date, movements between two dates',
    params: auditSymbolParamsSchema,
    body: createAuditPackRequestSchema,
    bodyExample: { date: '2030-06-30T00:00:00Z', from: '2030-01-01T00:00:00Z', to: '2030-06-30T00:00:00Z' },
    response: auditPackIdSchema,
  }),
  listAuditPacks: route('listAuditPacks', {
    spec: 'tranche',
    summary: 'The regulator packs prepared for a token, newest first (who, when, for what, state)',
    params: auditSymbolParamsSchema,
    response: auditPackListSchema,
  }),
  getAuditPack: route('getAuditPack', {
    spec: 'tranche',
    summary: "A regulator pack's state and progress",
    params: auditPackIdParamsSchema,
    response: auditPackSchema,
  }),
  downloadAuditPack: route('downloadAuditPack', {
    spec: 'tranche',
    summary: 'A regulator pack as a zip (application/zip, not enveloped)',
    params: auditPackIdParamsSchema,
  }),
  listAuditors: route('listAuditors', {
    spec: 'tranche',
    summary: "The token's read-only auditors",
    params: auditSymbolParamsSchema,
    response: auditorListSchema,
  }),
  grantAuditor: route('grantAuditor', {
    spec: 'tranche',
    summary: 'Grants an account the read-only Auditor role on the token (its owner only)',
    params: auditSymbolParamsSchema,
    body: auditorRequestSchema,
    response: auditorListSchema,
  }),
  revokeAuditor: route('revokeAuditor', {
    spec: 'tranche',
    summary: "Revokes an account's Auditor role on the token (its owner only)",
    params: auditSymbolParamsSchema,
    body: auditorRequestSchema,
    response: auditorListSchema,
  }),
} satisfies GroupRoutes<'audit'>;
