import type { AuditEntry } from '@tranche/api';

/** Readable words for the log's actions. */
export const actionLabels: Record<string, string> = {
  'sign-in': 'Signed in',
  'approval.start': 'Approval requested',
  'approval.approve': 'Approved',
  'approval.abort': 'Aborted',
  'whitelist.kyc-edit': 'Whitelist / KYC edited',
  'rules.set': 'Rules changed',
  'force.transfer': 'Forced transfer',
  'force.redeem': 'Forced redemption',
  'force.freeze': 'Address frozen or unfrozen',
  'force.freeze-partial': 'Tokens frozen or unfrozen',
  'force.recover': 'Lost wallet recovered',
  'token.issue': 'Issued',
  'token.redeem': 'Redeemed',
  'token.bulk': 'Bulk operation',
  'token.upgrade': 'Token upgraded',
  'token.owner-propose': 'New owner proposed',
  'token.owner-accept': 'Ownership accepted',
  'token.whitelist-replace': 'Whitelist replaced',
  'token.scheme-replace': 'Security scheme replaced',
  'document.add': 'Document added',
  'document.remove': 'Document removed',
  'export.register': 'Register made',
  'export.register-csv': 'Register exported (CSV)',
  'export.register-pdf': 'Register exported (PDF)',
  'export.pack': 'Regulator pack prepared',
  'export.pack-download': 'Regulator pack downloaded',
  'webhook.create': 'Webhook added',
  'webhook.delete': 'Webhook deleted',
  'key.register': 'Key registered',
  'key.shard': 'Sharded key created',
  'key.reshard': 'Key resharded',
  'role.grant': 'Operator granted',
  'role.revoke': 'Operator revoked',
  'role.owner-propose': 'Scheme owner proposed',
  'role.owner-accept': 'Scheme ownership accepted',
  'auditor.grant': 'Auditor granted',
  'auditor.revoke': 'Auditor revoked',
};

export const actionFilterOptions = [
  { value: 'sign-in', label: 'Sign-ins' },
  { value: 'approval', label: 'Approvals and aborts' },
  { value: 'whitelist', label: 'Whitelist and KYC edits' },
  { value: 'rules', label: 'Rule changes' },
  { value: 'force', label: 'Forced operations, freezes, recoveries' },
  { value: 'token', label: 'Issues, redemptions, bulk, upgrades, rotations' },
  { value: 'document', label: 'Documents' },
  { value: 'export', label: 'Exports and packs' },
  { value: 'webhook', label: 'Webhooks' },
  { value: 'key', label: 'Keys' },
  { value: 'role', label: 'Roles' },
  { value: 'auditor', label: 'Auditors' },
] as const;

function flat(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  return JSON.stringify(value);
}

/** One line of what an entry says: the reason first, then the request's fields (never the whole JSON). */
export function entryDetails(entry: AuditEntry): string {
  const after = (entry.after ?? {}) as {
    reason?: unknown;
    request?: Record<string, unknown>;
    result?: unknown;
  };
  const parts: string[] = [];
  if (after.reason) parts.push(`reason: ${flat(after.reason)}`);
  const request = after.request ?? (after as Record<string, unknown>);
  for (const [key, value] of Object.entries(request)) {
    if (['reason', 'request', 'result', 'additionalData', 'signedIn'].includes(key)) continue;
    const text = flat(value);
    parts.push(`${key}: ${text.length > 60 ? `${text.slice(0, 57)}…` : text}`);
  }
  return parts.join('; ');
}

export function actionLabel(action: string): string {
  return actionLabels[action] ?? action;
}
