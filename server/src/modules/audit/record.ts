import type { RouteId } from '@tranche/api';
import { and, desc, eq, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { controlledAddresses } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { accounts } from '../../db/schema.ts';
import { distributedTransactions } from '../dtx/schema.ts';
import { projects, projectStatus } from '../projects/schema.ts';
import { snapshots } from '../snapshots/schema.ts';
import { tokenEvents } from '../tokens/schema.ts';
import { appendAudit, type NewAuditEntry } from './log.ts';

/**
 * Which requests are privileged actions, and their name in the operations log. Every route passes through
 * registerRoute (http/routing.ts), which asks {@link auditRoute} before the handler and records the entry once the
 * handler succeeded: one place, no call in each handler. Actions of the audit module itself (auditors, packs) are
 * recorded by its service.
 */
export const auditedRoutes: Partial<Record<RouteId, string>> = {
  login: 'sign-in',
  approveDtx: 'approval.approve',
  cancelDtx: 'approval.abort',
  startDtx: 'approval.start',
  whitelistBulk: 'whitelist.kyc-edit',
  setTokenRules: 'rules.set',
  forceTransfer: 'force.transfer',
  controllerRedeem: 'force.redeem',
  // Enforcement on version 2 tokens (issue 36): forced operations, listed with them in the pack.
  freezeAddress: 'force.freeze',
  freezePartialTokens: 'force.freeze-partial',
  recoverWallet: 'force.recover',
  issueTokens: 'token.issue',
  redeemTokens: 'token.redeem',
  startBulk: 'token.bulk',
  // A version 2 token's upgrade and rotations (issue 35).
  upgradeToken: 'token.upgrade',
  proposeTokenOwner: 'token.owner-propose',
  acceptTokenOwner: 'token.owner-accept',
  replaceTokenWhitelist: 'token.whitelist-replace',
  replaceTokenScheme: 'token.scheme-replace',
  addDocument: 'document.add',
  removeDocument: 'document.remove',
  createSnapshot: 'export.register',
  snapshotCsv: 'export.register-csv',
  snapshotPdf: 'export.register-pdf',
  reportCapTableCsv: 'export.cap-table-csv',
  reportCapTablePdf: 'export.cap-table-pdf',
  createWebhook: 'webhook.create',
  deleteWebhook: 'webhook.delete',
  registerCredentials: 'key.register',
  createShardedKey: 'key.shard',
  reshard: 'key.reshard',
  grantOperator: 'role.grant',
  revokeOperator: 'role.revoke',
  proposeSchemeOwner: 'role.owner-propose',
  acceptSchemeOwner: 'role.owner-accept',
};

/** Keys never written to the log (secrets and investors' personal data; the chain's KYC hash stays). */
const withheld = /password|privatekey|accesscode|secret|mnemonic|legalname|contactdetails|^email/i;
const maxItems = 200;

/** A request body as the log keeps it: secrets and personal data withheld, long lists cut (with their length). */
export function loggable(value: unknown): unknown {
  if (Array.isArray(value)) {
    const kept = value.slice(0, maxItems).map(loggable);
    return value.length > maxItems ? { items: kept, count: value.length } : kept;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (!withheld.test(key)) out[key] = loggable(item);
    return out;
  }
  return value;
}

type Ctx = Pick<AppContext, 'db' | 'chain'>;
type Part = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const address = (value: unknown) => text(value)?.toLowerCase();

/** The token (symbol) and object an action concerns, from its request. */
async function subjectOf(
  ctx: Ctx,
  id: RouteId,
  body: Part,
  params: Part,
): Promise<{ symbol: string | null; object: string | null }> {
  if (id === 'approveDtx' || id === 'cancelDtx') {
    const dtxId = Number(body.id);
    const [row] = Number.isInteger(dtxId)
      ? await ctx.db
          .select({ symbol: projects.projectCode })
          .from(distributedTransactions)
          .leftJoin(projects, eq(projects.id, distributedTransactions.projectId))
          .where(eq(distributedTransactions.id, dtxId))
          .limit(1)
      : [];
    return { symbol: row?.symbol ?? null, object: `dtx:${body.id}` };
  }
  if (id === 'snapshotCsv' || id === 'snapshotPdf') {
    const [row] = await ctx.db
      .select({ symbol: snapshots.symbol, contractAddress: snapshots.contractAddress })
      .from(snapshots)
      .where(eq(snapshots.id, Number(params.id)))
      .limit(1);
    return { symbol: row?.symbol ?? null, object: `snapshot:${params.id}` };
  }
  if (id === 'createWebhook' || id === 'deleteWebhook')
    return { symbol: null, object: params.id ? `webhook:${params.id}` : 'webhook' };
  const symbol = text(body.symbol) ?? text(params.symbol) ?? text(params.code) ?? null;
  const object =
    address(body.whitelistAddress) ??
    address(body.contractAddress) ??
    address(body.publicKey) ??
    address(body.accountAddress) ??
    null;
  return { symbol, object };
}

/** State before the action, where the log should show what it changed. */
async function beforeOf(ctx: Ctx, id: RouteId, symbol: string | null): Promise<unknown> {
  if (id !== 'setTokenRules' || !symbol) return null;
  const [rules] = await ctx.db
    .select({ details: tokenEvents.details, blockNumber: tokenEvents.blockNumber })
    .from(tokenEvents)
    .innerJoin(projects, eq(projects.contractAddress, tokenEvents.contractAddress))
    .where(and(eq(projects.projectCode, symbol), eq(tokenEvents.event, 'RulesSet')))
    .orderBy(desc(tokenEvents.blockNumber), desc(tokenEvents.logIndex))
    .limit(1);
  return rules ? { rules: rules.details, setAtBlock: rules.blockNumber } : { rules: null };
}

/** What the answer adds to the request (ids and hashes, never a token or secret). */
function resultOf(data: unknown): unknown {
  if (!data || typeof data !== 'object') return null;
  const keep: Part = {};
  for (const key of ['id', 'dtxId', 'jobId', 'txHash', 'hash', 'transactionHash', 'status', 'merkleRoot'])
    if (key in data) keep[key] = (data as Part)[key];
  return Object.keys(keep).length > 0 ? keep : null;
}

/** The tokens an account has rights on (it created them, or controls their owner or controller address). */
async function tokensOfAccount(ctx: Ctx, accountId: number): Promise<{ symbol: string; object: string }[]> {
  const addresses = [...(await controlledAddresses(ctx, { accountId })).keys()];
  const rows = await ctx.db
    .select({
      symbol: projects.projectCode,
      contractAddress: projects.contractAddress,
      accountId: projects.accountId,
      owner: projects.ownerAddress,
      controller: projects.controllerAddress,
    })
    .from(projects)
    .where(
      and(
        eq(projects.status, projectStatus.deployed),
        or(eq(projects.accountId, accountId), ...addresses.map((a) => eq(projects.ownerAddress, a))),
      ),
    )
    .limit(50);
  const more = addresses.length
    ? await ctx.db
        .select({ symbol: projects.projectCode, contractAddress: projects.contractAddress })
        .from(projects)
        .where(or(...addresses.map((a) => eq(projects.controllerAddress, a))))
        .limit(50)
    : [];
  const seen = new Map<string, string>();
  for (const row of [...rows, ...more]) seen.set(row.symbol, row.contractAddress ?? '');
  return [...seen].map(([symbol, object]) => ({ symbol, object }));
}

/**
 * Asked by registerRoute before a route's handler: for a privileged action, reads what the entry needs from the
 * request (and the state before), and answers the function that appends the entry once the handler succeeded.
 */
export async function auditRoute(
  ctx: Ctx,
  id: RouteId,
  request: FastifyRequest,
): Promise<((data: unknown) => Promise<void>) | undefined> {
  const action = auditedRoutes[id];
  if (!action) return undefined;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Part;
  const params = (request.params ?? {}) as Part;
  const { symbol, object } = await subjectOf(ctx, id, body, params);
  const before = await beforeOf(ctx, id, symbol);
  return async (data) => {
    const session = request.session;
    if (id === 'login') {
      const [account] = await ctx.db
        .select({ id: accounts.id, loginName: accounts.loginName })
        .from(accounts)
        .where(eq(accounts.loginName, String(body.loginName ?? '').toLowerCase()))
        .limit(1);
      if (!account) return;
      const tokens = await tokensOfAccount(ctx, account.id);
      await appendAudit(
        ctx.db,
        tokens.map((token) => ({
          accountId: account.id,
          actor: account.loginName,
          requestId: request.id,
          symbol: token.symbol,
          object: token.object || null,
          action,
          after: { signedIn: true },
        })),
      );
      return;
    }
    const entry: NewAuditEntry = {
      accountId: session?.accountId ?? null,
      actor: session?.loginName ?? null,
      requestId: request.id,
      symbol,
      object,
      action,
      before,
      after: {
        request: loggable({ ...params, ...body }),
        result: resultOf(data),
        // A forced operation's reason, as typed (the comment the token records with it).
        ...(id === 'forceTransfer' || id === 'controllerRedeem'
          ? { reason: body.additionalData ?? null }
          : {}),
      },
    };
    await appendAudit(ctx.db, [entry]);
  };
}
