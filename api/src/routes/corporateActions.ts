// Corporate actions (ours): record-date registers and distributions: this group's part of the full route table (routes.ts). A browser loads it with the first call of one of
// its routes (answers.ts), and no other group's schemas.
// Imported first: zod's browser setting must come before any schema here is built.
import '../zodConfig.ts';
import { z } from 'zod';
import {
  claimsParamsSchema,
  claimsResponseSchema,
  createDistributionRequestSchema,
  createDistributionResponseSchema,
  createSnapshotRequestSchema,
  distributionIdParamsSchema,
  distributionListSchema,
  distributionSchema,
  fundTxResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
  reclaimRequestSchema,
  reclaimResponseSchema,
  snapshotDetailSchema,
  snapshotIdParamsSchema,
  snapshotListSchema,
  snapshotRowsQuerySchema,
  snapshotSummarySchema,
  snapshotSymbolParamsSchema,
} from '../schemas/distributions.ts';
import { type GroupRoutes, route } from './define.ts';

export const corporateActionsRoutes = {
  createSnapshot: route('createSnapshot', {
    spec: 'tranche',
    summary: 'Record-date register of a token at a block or date (immutable snapshot with its Merkle root)',
    body: createSnapshotRequestSchema,
    bodyExample: { symbol: 'ACME30', date: '2030-06-30T00:00:00Z', partition: 'CLASS-A' },
    response: snapshotSummarySchema,
  }),
  listSnapshots: route('listSnapshots', {
    spec: 'tranche',
    summary: 'The registers of a token, newest first',
    params: snapshotSymbolParamsSchema,
    response: snapshotListSchema,
  }),
  getSnapshot: route('getSnapshot', {
    spec: 'tranche',
    summary: 'A register with a page of its rows',
    params: snapshotIdParamsSchema,
    query: snapshotRowsQuerySchema,
    response: snapshotDetailSchema,
  }),
  snapshotCsv: route('snapshotCsv', {
    spec: 'tranche',
    summary: 'A register as CSV (text/csv, not enveloped)',
    params: snapshotIdParamsSchema,
  }),
  snapshotPdf: route('snapshotPdf', {
    spec: 'tranche',
    summary: 'A register as PDF (application/pdf, not enveloped)',
    params: snapshotIdParamsSchema,
  }),
  createDistribution: route('createDistribution', {
    spec: 'tranche',
    summary: 'A distribution over a register: per-holder amounts (floor) and the remainder',
    body: createDistributionRequestSchema,
    bodyExample: {
      snapshotId: 1,
      accountAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
      asset: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      amount: '1000000000',
      excluded: [],
      deadline: '2030-06-30T00:00:00Z',
    },
    response: createDistributionResponseSchema,
  }),
  listDistributions: route('listDistributions', {
    spec: 'tranche',
    summary: 'The distributions of a token with their on-chain progress, newest first',
    params: snapshotSymbolParamsSchema,
    response: distributionListSchema,
  }),
  distributionFundTx: route('distributionFundTx', {
    spec: 'tranche',
    summary: 'The approve and fund transactions for the issuer wallet (txMode 1)',
    params: distributionIdParamsSchema,
    response: fundTxResponseSchema,
  }),
  cancelDistribution: route('cancelDistribution', {
    spec: 'tranche',
    summary: 'Cancel a distribution nobody funded yet (its creator only; nothing on the chain)',
    params: distributionIdParamsSchema,
    response: z.null(),
  }),
  pushDistribution: route('pushDistribution', {
    spec: 'tranche',
    summary: 'Start the durable job that pushes the unpaid payments in batches (txMode 2)',
    params: distributionIdParamsSchema,
    body: pushRequestSchema,
    response: pushResponseSchema,
    idempotent: true,
  }),
  reclaimDistribution: route('reclaimDistribution', {
    spec: 'tranche',
    summary: 'After the deadline, return what is unpaid to the issuer (txMode 1 builds, 2 signs)',
    params: distributionIdParamsSchema,
    body: reclaimRequestSchema,
    response: reclaimResponseSchema,
  }),
  getDistribution: route('getDistribution', {
    spec: 'tranche',
    summary: 'A distribution: funded, claimed, pushed, remaining and remainder',
    params: distributionIdParamsSchema,
    response: distributionSchema,
  }),
  listClaims: route('listClaims', {
    spec: 'tranche',
    summary: 'Open claims of an address with their proofs and claim transactions',
    params: claimsParamsSchema,
    response: claimsResponseSchema,
  }),
} satisfies GroupRoutes<'corporateActions'>;
