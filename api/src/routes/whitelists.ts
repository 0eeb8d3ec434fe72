// Whitelists (part 2): this group's part of the full route table (routes.ts). A browser loads it with the first call of one of
// its routes (answers.ts), and no other group's schemas.
// Imported first: zod's browser setting must come before any schema here is built.
import '../zodConfig.ts';
import { z } from 'zod';
import { deployTxResponseSchema } from '../schemas/rbac.ts';
import {
  expiringRecordsParamsSchema,
  expiringRecordsSchema,
  registerWhitelistRequestSchema,
  verifiedAddressPageSchema,
  whitelistAddressesParamsSchema,
  whitelistBulkRequestSchema,
  whitelistBulkResponseSchema,
  whitelistDeployTxRequestSchema,
  whitelistListSchema,
} from '../schemas/whitelists.ts';
import {
  whitelistRegistryPageSchema,
  whitelistRegistryParamsSchema,
  whitelistRegistryQuerySchema,
  whitelistRevokedRequestSchema,
  whitelistRevokeTxRequestSchema,
  whitelistRevokeTxResponseSchema,
  whitelistTokensSchema,
} from '../schemas/whitelistRegistry.ts';
import { type GroupRoutes, part2, route } from './define.ts';

export const whitelistsRoutes = {
  listWhitelists: route('listWhitelists', {
    spec: part2,
    summary: 'All whitelists',
    response: whitelistListSchema,
  }),
  listWhitelistAddresses: route('listWhitelistAddresses', {
    spec: part2,
    summary: 'Verified addresses of a whitelist, paged',
    params: whitelistAddressesParamsSchema,
    response: verifiedAddressPageSchema,
  }),
  listExpiringRecords: route('listExpiringRecords', {
    spec: 'tranche',
    summary:
      'Records of a whitelist that expire within 30 days of the chain time, or have expired (issue 36)',
    params: expiringRecordsParamsSchema,
    response: expiringRecordsSchema,
  }),
  whitelistBulk: route('whitelistBulk', {
    spec: part2,
    summary: 'Add or update whitelisted addresses',
    body: whitelistBulkRequestSchema,
    response: whitelistBulkResponseSchema,
    idempotent: true,
  }),
  whitelistDeployTx: route('whitelistDeployTx', {
    spec: part2,
    summary: 'Build the unsigned whitelist deployment',
    body: whitelistDeployTxRequestSchema,
    response: deployTxResponseSchema,
  }),
  registerWhitelist: route('registerWhitelist', {
    spec: part2,
    summary: 'Register a deployed whitelist (by an account controlling its owner or deployer)',
    body: registerWhitelistRequestSchema,
    response: z.null(),
  }),
  whitelistRegistry: route('whitelistRegistry', {
    spec: 'tranche',
    summary:
      'Investor registry of a whitelist: verified addresses with their KYC records, searched and filtered',
    params: whitelistRegistryParamsSchema,
    query: whitelistRegistryQuerySchema,
    response: whitelistRegistryPageSchema,
  }),
  whitelistTokens: route('whitelistTokens', {
    spec: 'tranche',
    summary: 'Tokens using a whitelist',
    params: whitelistRegistryParamsSchema,
    response: whitelistTokensSchema,
  }),
  whitelistRevokeTx: route('whitelistRevokeTx', {
    spec: 'tranche',
    summary: 'Build the unsigned revocation of a verified address',
    body: whitelistRevokeTxRequestSchema,
    response: whitelistRevokeTxResponseSchema,
  }),
  whitelistRevoked: route('whitelistRevoked', {
    spec: 'tranche',
    summary: 'Remove a revoked address from the registry once the chain no longer verifies it',
    body: whitelistRevokedRequestSchema,
    response: z.null(),
  }),
} satisfies GroupRoutes<'whitelists'>;
