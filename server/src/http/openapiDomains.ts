import type { RouteDefinition } from '@tranche/api';

/** Domains of the API, by the first segment of a route's path (a segment not listed is its own tag). */
export const domains: Record<string, { description: string; segments: string[] }> = {
  system: {
    description: 'Health, readiness, configuration and the local mode helpers',
    segments: ['health', 'ready', 'config', 'local'],
  },
  accounts: {
    description: 'Sign-up, confirmation, log-in, password reset and the session',
    segments: ['accounts', 'login', 'logout', 'forgotPassword', 'resetPassword', 'auth'],
  },
  drafts: { description: 'Token drafts, their deployment, codebases', segments: ['draft', 'codebase'] },
  whitelists: { description: 'Whitelists of verified investors', segments: ['whitelist'] },
  'security schemes': { description: 'Security schemes and access rights', segments: ['rbac'] },
  transactions: {
    description: 'Transactions recorded by the account',
    segments: ['account', 'transactions'],
  },
  keys: {
    description: 'Registered keys, sharded keys and distributed transactions',
    segments: ['credentials', 'sharding', 'dtx'],
  },
  tokens: {
    description: 'Tokens, partitions, issuance, redemption, documents, holders and balances',
    segments: ['projects', 'partitions', 'token', 'holders', 'balance', 'balanceof'],
  },
  notifications: {
    description: 'The approvals inbox, mail preferences and signed webhooks',
    segments: ['approvals', 'notifications', 'webhooks'],
  },
  'corporate actions': {
    description: 'Record-date registers (snapshots), distributions and holders’ claims',
    segments: ['snapshots', 'distributions', 'claims'],
  },
};

export function routeDomain(definition: RouteDefinition): string {
  const segment = definition.path.split('/')[1] ?? '';
  return Object.entries(domains).find(([, d]) => d.segments.includes(segment))?.[0] ?? segment;
}
