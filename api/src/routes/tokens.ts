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
} satisfies GroupRoutes<'tokens'>;
