// Tranche's own: health, readiness, configuration and the local chain's pages: this group's part of the full route table (routes.ts). A browser loads it with the first call of one of
// its routes (answers.ts), and no other group's schemas.
// Imported first: zod's browser setting must come before any schema here is built.
import '../zodConfig.ts';
import { z } from 'zod';
import { appConfigSchema, healthSchema, outboxSchema, readySchema } from '../schemas/system.ts';
import {
  localAddressParamsSchema,
  localAddressSchema,
  localBlockParamsSchema,
  localBlockSchema,
  localTransactionSchema,
  localTxParamsSchema,
} from '../schemas/localChain.ts';
import {
  devAccountSchema,
  onboardingSchema,
  registerSharedAccountSchema,
  sharedDevAccountsSchema,
  signUpMailQuerySchema,
} from '../schemas/onboarding.ts';
import { type GroupRoutes, route } from './define.ts';

export const systemRoutes = {
  health: route('health', {
    spec: 'tranche',
    summary: 'Live chain and database status',
    response: healthSchema,
  }),
  ready: route('ready', {
    spec: 'tranche',
    summary: 'Readiness for a load balancer: database, chain and indexer lag',
    response: readySchema,
  }),
  config: route('config', {
    spec: 'tranche',
    summary: 'Chain id, local mode, dev chain RPC URL and explorer link templates',
    response: appConfigSchema,
  }),
  localOutbox: route('localOutbox', {
    spec: 'tranche',
    summary:
      'Mail kept in the local outbox, newest first (local mode only): all of it to a session on loopback, else the mail to its own address',
    response: outboxSchema,
  }),
  localAddress: route('localAddress', {
    spec: 'tranche',
    summary: 'An address on the embedded chain: balance, nonce, code, recent transactions (local mode only)',
    params: localAddressParamsSchema,
    response: localAddressSchema,
  }),
  localTransaction: route('localTransaction', {
    spec: 'tranche',
    summary: 'A transaction on the embedded chain with its receipt (local mode only)',
    params: localTxParamsSchema,
    response: localTransactionSchema,
  }),
  localBlock: route('localBlock', {
    spec: 'tranche',
    summary: 'A block of the embedded chain by number, hash or latest (local mode only)',
    params: localBlockParamsSchema,
    response: localBlockSchema,
  }),
  localDevAccount: route('localDevAccount', {
    spec: 'tranche',
    summary:
      "The caller's own development account (local mode only): a fresh key registered for server signing, funded with ETH and tUSD on first call",
    response: devAccountSchema,
  }),
  localSharedAccounts: route('localSharedAccounts', {
    spec: 'tranche',
    summary: "The embedded chain's ten public accounts and the login that registered each (local mode only)",
    response: sharedDevAccountsSchema,
  }),
  registerSharedAccount: route('registerSharedAccount', {
    spec: 'tranche',
    summary:
      "Registers one of the embedded chain's public accounts for the caller's server signing, with the key the chain publishes (local mode only)",
    body: registerSharedAccountSchema,
    response: z.null(),
  }),
  localSignUpMail: route('localSignUpMail', {
    spec: 'tranche',
    summary:
      'The mail to a not yet confirmed account, for reading its confirmation code before any session (local mode only, loopback only; else empty)',
    query: signUpMailQuerySchema,
    response: outboxSchema,
  }),
  onboarding: route('onboarding', {
    spec: 'tranche',
    summary:
      "The newcomer's checklist: scheme, rights, whitelist, first token, first distribution, each ticked from the account's records",
    response: onboardingSchema,
  }),
} satisfies GroupRoutes<'system'>;
