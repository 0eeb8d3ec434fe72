// Holders and balances (part 1): this group's part of the full route table (routes.ts). A browser loads it with the first call of one of
// its routes (answers.ts), and no other group's schemas.
// Imported first: zod's browser setting must come before any schema here is built.
import '../zodConfig.ts';
import { balanceOfParamsSchema, balanceReportSchema } from '../schemas/balanceReport.ts';
import {
  balanceHistoryParamsSchema,
  balanceHistoryQuerySchema,
  balanceHistoryResponseSchema,
  balanceParamsSchema,
  balanceResponseSchema,
} from '../schemas/balance.ts';
import {
  holdersParamsSchema,
  holdersQuerySchema,
  holdersResponseSchema,
  holderSearchParamsSchema,
  holderSearchQuerySchema,
  holderSearchResponseSchema,
  tokenHistoryQuerySchema,
  tokenHistorySchema,
  tokenStatsParamsSchema,
  tokenStatsSchema,
} from '../schemas/holders.ts';
import {
  capTableSchema,
  concentrationSchema,
  distributionHistorySchema,
  reportParamsSchema,
  reportQuerySchema,
} from '../schemas/reports.ts';
import { type GroupRoutes, part1, part2, route } from './define.ts';

export const holdersRoutes = {
  listHolders: route('listHolders', {
    spec: part1,
    summary: 'Holders of a partition',
    params: holdersParamsSchema,
    query: holdersQuerySchema,
    response: holdersResponseSchema,
  }),
  getTokenStats: route('getTokenStats', {
    spec: 'tranche',
    summary: 'Token dashboard: supply by partition, holders, investors, largest holders',
    params: tokenStatsParamsSchema,
    response: tokenStatsSchema,
  }),
  getTokenHistory: route('getTokenHistory', {
    spec: 'tranche',
    summary: 'Token dashboard: total supply and holders at the end of each day they changed',
    params: tokenStatsParamsSchema,
    query: tokenHistoryQuerySchema,
    response: tokenHistorySchema,
  }),
  searchHolders: route('searchHolders', {
    spec: 'tranche',
    summary: 'Holders and verified investors of a token by name or address prefix',
    params: holderSearchParamsSchema,
    query: holderSearchQuerySchema,
    response: holderSearchResponseSchema,
  }),
  getBalance: route('getBalance', {
    spec: part1,
    summary: 'Partition balances of an address (current)',
    params: balanceParamsSchema,
    response: balanceResponseSchema,
  }),
  getBalanceAtBlock: route('getBalanceAtBlock', {
    spec: part1,
    summary: 'Partition balances of an address at a block',
    params: balanceParamsSchema,
    response: balanceResponseSchema,
  }),
  balanceHistory: route('balanceHistory', {
    spec: part1,
    summary: 'Balance history of an address',
    params: balanceHistoryParamsSchema,
    query: balanceHistoryQuerySchema,
    response: balanceHistoryResponseSchema,
  }),
  balanceOf: route('balanceOf', {
    spec: part2,
    summary: 'Balances of an address on all tokens and partitions',
    params: balanceOfParamsSchema,
    response: balanceReportSchema,
  }),
  reportCapTable: route('reportCapTable', {
    spec: 'tranche',
    summary:
      'Cap table of a token at a block (latest indexed without ?block): partitions × holders, % of supply',
    params: reportParamsSchema,
    query: reportQuerySchema,
    response: capTableSchema,
  }),
  reportCapTableCsv: route('reportCapTableCsv', {
    spec: 'tranche',
    summary: 'Cap table of a token at a block as CSV (text/csv, not enveloped)',
    params: reportParamsSchema,
    query: reportQuerySchema,
  }),
  reportCapTablePdf: route('reportCapTablePdf', {
    spec: 'tranche',
    summary: 'Cap table of a token at a block as PDF with its chart (application/pdf, not enveloped)',
    params: reportParamsSchema,
    query: reportQuerySchema,
  }),
  reportConcentration: route('reportConcentration', {
    spec: 'tranche',
    summary: 'Holder concentration of a token at a block: the largest holders and their cumulative shares',
    params: reportParamsSchema,
    query: reportQuerySchema,
    response: concentrationSchema,
  }),
  reportDistributions: route('reportDistributions', {
    spec: 'tranche',
    summary:
      'Distribution history of a token: distributions recorded at or before a block, with what was paid',
    params: reportParamsSchema,
    query: reportQuerySchema,
    response: distributionHistorySchema,
  }),
} satisfies GroupRoutes<'holders'>;
