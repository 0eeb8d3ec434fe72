// Keys and sharding: this group's part of the full route table (routes.ts). A browser loads it with the first call of one of
// its routes (answers.ts), and no other group's schemas.
// Imported first: zod's browser setting must come before any schema here is built.
import '../zodConfig.ts';
import { z } from 'zod';
import {
  cancelReshardRequestSchema,
  declineShardedKeyRequestSchema,
  commitShardedKeyRequestSchema,
  createShardedKeyRequestSchema,
  reshardRequestSchema,
  reshardResponseSchema,
  shardedAddressListSchema,
  shardedKeyResultSchema,
  shardedKeyParamsSchema,
  shardedKeyStatusSchema,
  shardOpenedRequestSchema,
  shardPdfSchema,
} from '../schemas/sharding.ts';
import { checkCredentialsParamsSchema, registerCredentialsRequestSchema } from '../schemas/credentials.ts';
import { type GroupRoutes, part1, part2, route } from './define.ts';

export const keysRoutes = {
  registerCredentials: route('registerCredentials', {
    spec: part2,
    summary: 'Register my key pair',
    body: registerCredentialsRequestSchema,
    response: z.null(),
  }),
  checkCredentials: route('checkCredentials', {
    spec: part1,
    summary: 'Is a key registered for the address (by the calling account)',
    params: checkCredentialsParamsSchema,
    response: z.boolean(),
  }),
  createShardedKey: route('createShardedKey', {
    spec: part2,
    summary: 'Create a sharded key',
    body: createShardedKeyRequestSchema,
    response: shardedKeyResultSchema,
  }),
  shardOpened: route('shardOpened', {
    spec: 'tranche',
    summary: 'A signer opened their PDF with the mailed password',
    body: shardOpenedRequestSchema,
    response: shardedKeyStatusSchema,
  }),
  declineShardedKey: route('declineShardedKey', {
    spec: 'tranche',
    summary: 'Decline to be a signer of a key (or reshard) not activated yet: it cannot be activated',
    body: declineShardedKeyRequestSchema,
    response: shardedKeyStatusSchema,
  }),
  commitShardedKey: route('commitShardedKey', {
    spec: part2,
    summary: 'Activate a sharded key',
    body: commitShardedKeyRequestSchema,
    response: shardedKeyStatusSchema,
  }),
  reshard: route('reshard', {
    spec: part2,
    summary: 'Reshard a key',
    body: reshardRequestSchema,
    response: reshardResponseSchema,
  }),
  cancelReshard: route('cancelReshard', {
    spec: 'tranche',
    summary: 'Cancel a reshard that was not activated (a current signer, with their access code)',
    body: cancelReshardRequestSchema,
    response: shardedKeyStatusSchema,
  }),
  getShardedKey: route('getShardedKey', {
    spec: 'tranche',
    summary: 'The signers of a sharded key being set up (or resharded) and who opened their PDF',
    params: shardedKeyParamsSchema,
    response: shardedKeyStatusSchema,
  }),
  myShardPdf: route('myShardPdf', {
    spec: 'tranche',
    summary: 'My own PDF of a key generation waiting for activation (fetched again until it is activated)',
    params: shardedKeyParamsSchema,
    response: shardPdfSchema,
  }),
  listShardedKeys: route('listShardedKeys', {
    spec: part1,
    summary: 'Sharded key addresses',
    response: shardedAddressListSchema,
  }),
} satisfies GroupRoutes<'keys'>;
