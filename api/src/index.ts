import './zodConfig.ts';
export { createApiClient } from './checkedClient.ts';
export { ApiError } from './client.ts';
export type {
  AnswerSchemas,
  ApiClient,
  ApiClientOptions,
  CallInput,
  RouteBody,
  RouteData,
} from './client.ts';
export { errorEnvelopeSchema, failure, ok, successEnvelopeSchema } from './envelope.ts';
export type { Envelope, ErrorEnvelope, SuccessEnvelope } from './envelope.ts';
export * from './messages.ts';
export * from './ruleInForceWords.ts';
export { formatAmount, parseAmount } from '@tranche/contracts/units';
export type { AmountFormat } from '@tranche/contracts/units';
export * from './values.ts';
export { type CsvCell, csvCell, toCsv } from './csv.ts';
export {
  apiPrefix,
  buildPath,
  httpMethods,
  pathParams,
  routeAccess,
  routeIds,
  routes,
  routeTable,
} from './routes.ts';
export type { HttpMethod, RouteAccess, RouteDefinition, RouteId, Routes, RouteTarget } from './routes.ts';
export * from './schemas/accounts.ts';
export * from './schemas/drafts.ts';
export * from './schemas/fields.ts';
export * from './schemas/system.ts';
export * from './schemas/credentials.ts';
export * from './schemas/codebases.ts';
export * from './schemas/rbac.ts';
export * from './schemas/whitelists.ts';
export * from './schemas/whitelistRegistry.ts';
export * from './schemas/transactions.ts';
export * from './schemas/projects.ts';
export * from './schemas/partitions.ts';
export * from './schemas/tokens.ts';
export * from './schemas/tokenV2.ts';
export * from './schemas/rules.ts';
export * from './schemas/holders.ts';
export * from './schemas/balance.ts';
export * from './schemas/balanceReport.ts';
export * from './schemas/reports.ts';
export * from './schemas/localChain.ts';
export * from './schemas/sharding.ts';
export * from './schemas/dtx.ts';
export * from './schemas/approvals.ts';
export * from './schemas/notifications.ts';
export * from './schemas/webhooks.ts';
export * from './schemas/distributions.ts';
export * from './schemas/wallets.ts';
export * from './schemas/bulk.ts';
export * from './schemas/onboarding.ts';
export * from './schemas/audit.ts';
