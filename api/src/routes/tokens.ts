// Tokens (part 1): search, detail, partitions, operations and documents: this group's part of the full route table (routes.ts). A browser loads it with the first call of one of
// its routes (answers.ts), and no other group's schemas.
// Imported first: zod's browser setting must come before any schema here is built.
import '../zodConfig.ts';
import { createPartitionRequestSchema, partitionListSchema, partitionSchema } from '../schemas/partitions.ts';
import {
  projectCodeParamsSchema,
  projectDetailSchema,
  searchProjectsQuerySchema,
  searchProjectsResponseSchema,
} from '../schemas/projects.ts';
import {
  addDocumentRequestSchema,
  controllerRedeemRequestSchema,
  forceTransferRequestSchema,
  issueTokensRequestSchema,
  redeemTokensRequestSchema,
  removeDocumentRequestSchema,
  tokenTransactionResponseSchema,
} from '../schemas/tokens.ts';
import {
  acceptOwnerRequestSchema,
  freezeAddressRequestSchema,
  freezePartialRequestSchema,
  recoverWalletRequestSchema,
  proposeOwnerRequestSchema,
  replaceSchemeRequestSchema,
  replaceWhitelistRequestSchema,
  tokenV2ResponseSchema,
  upgradeTokenRequestSchema,
} from '../schemas/tokenV2.ts';
import { type GroupRoutes, part1, route } from './define.ts';

export const tokensRoutes = {
  searchProjects: route('searchProjects', {
    spec: part1,
    summary: 'Search tokens (query page, term)',
    query: searchProjectsQuerySchema,
    response: searchProjectsResponseSchema,
  }),
  getProject: route('getProject', {
    spec: part1,
    summary: 'A token',
    params: projectCodeParamsSchema,
    response: projectDetailSchema,
  }),
  listPartitions: route('listPartitions', {
    spec: part1,
    summary: 'Partitions',
    response: partitionListSchema,
  }),
  createPartition: route('createPartition', {
    spec: part1,
    summary: 'Add a partition',
    body: createPartitionRequestSchema,
    response: partitionSchema,
  }),
  issueTokens: route('issueTokens', {
    spec: part1,
    summary: 'Issue tokens',
    body: issueTokensRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  redeemTokens: route('redeemTokens', {
    spec: part1,
    summary: 'Redeem tokens',
    body: redeemTokensRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  forceTransfer: route('forceTransfer', {
    spec: part1,
    summary: 'Forced transfer by the controller',
    body: forceTransferRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  controllerRedeem: route('controllerRedeem', {
    spec: part1,
    summary: 'Redeem from an address by the controller',
    body: controllerRedeemRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  addDocument: route('addDocument', {
    spec: part1,
    summary: 'Attach a document',
    body: addDocumentRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  removeDocument: route('removeDocument', {
    spec: part1,
    summary: 'Remove a document',
    body: removeDocumentRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  upgradeToken: route('upgradeToken', {
    spec: part1,
    summary: 'Upgrade a version 2 token to a newer registered implementation (schedule, then carry out)',
    body: upgradeTokenRequestSchema,
    response: tokenV2ResponseSchema,
  }),
  proposeTokenOwner: route('proposeTokenOwner', {
    spec: part1,
    summary: 'Propose a new owner of a version 2 token (it accepts to take over)',
    body: proposeOwnerRequestSchema,
    response: tokenV2ResponseSchema,
  }),
  acceptTokenOwner: route('acceptTokenOwner', {
    spec: part1,
    summary: 'Accept the ownership of a version 2 token (the proposed owner)',
    body: acceptOwnerRequestSchema,
    response: tokenV2ResponseSchema,
  }),
  replaceTokenWhitelist: route('replaceTokenWhitelist', {
    spec: part1,
    summary: "Replace a version 2 token's whitelist",
    body: replaceWhitelistRequestSchema,
    response: tokenV2ResponseSchema,
  }),
  replaceTokenScheme: route('replaceTokenScheme', {
    spec: part1,
    summary: "Replace a version 2 token's security scheme",
    body: replaceSchemeRequestSchema,
    response: tokenV2ResponseSchema,
  }),
  freezeAddress: route('freezeAddress', {
    spec: part1,
    summary:
      'Freeze or unfreeze an address on a version 2 token (a frozen address neither sends nor receives)',
    body: freezeAddressRequestSchema,
    response: tokenV2ResponseSchema,
  }),
  freezePartialTokens: route('freezePartialTokens', {
    spec: part1,
    summary: "Freeze or unfreeze part of a holder's tokens in one partition of a version 2 token",
    body: freezePartialRequestSchema,
    response: tokenV2ResponseSchema,
  }),
  recoverWallet: route('recoverWallet', {
    spec: part1,
    summary: "Recover a lost wallet's tokens to a new wallet verified with the same KYC record (version 2)",
    body: recoverWalletRequestSchema,
    response: tokenV2ResponseSchema,
  }),
} satisfies GroupRoutes<'tokens'>;
