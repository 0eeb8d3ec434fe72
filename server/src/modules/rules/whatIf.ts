import { type ApprovalWhatIf, dtxStatuses, dtxTypes, formatAmount, ruleMessages as r } from '@tranche/api';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { bulkJobKind } from '../bulk/schema.ts';
import { maxSimulationFindings } from './simulate.ts';
import { partitionBytes } from './token.ts';

/** The pending operations a what-if is computed for (issue 39): whitelist replacement, freezes, recovery. */
export const whatIfTypes: readonly number[] = [
  dtxTypes.replaceWhitelist,
  dtxTypes.freezeAddress,
  dtxTypes.freezePartial,
  dtxTypes.recoverWallet,
];

export type OperationWhatIfInput = {
  contractAddress: string;
  /** The token's whitelist now (its records name the holders). */
  whitelistAddress: string | null;
  projectId: number;
  /** The pending distributed transaction itself (left out of the operations it could make fail). */
  dtxId: number;
  txType: number;
  txData: Record<string, unknown>;
  /** Whether the viewer may see investor data of the token: names, else addresses. */
  names: boolean;
  /** Unix seconds: a KYC record expiring by then no longer verifies. */
  now: number;
  /** Holders listed at most (default maxSimulationFindings). */
  limit?: number;
};

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;
const lower = (value: unknown) => String(value ?? '').toLowerCase();

/** A queued or pending operation of the token, as the what-if reads it (addresses lower-case, partition bytes32). */
type Queued = {
  kind: 'approval' | 'bulk';
  id: number;
  row: number | null;
  does: 'issue' | 'redeem' | 'force' | 'freeze' | 'unfreeze' | 'freezeTokens' | 'unfreezeTokens' | 'recover';
  /** The address tokens leave (redeem, forced transfer; the lost wallet of a recovery). */
  from: string | null;
  /** The address tokens reach (issue, forced transfer; the new wallet of a recovery). */
  to: string | null;
  /** The address a freeze names. */
  address: string | null;
  partition: string | null;
  amount: bigint;
};

function bytesOf(partition: unknown): string | null {
  try {
    return partition === null || partition === undefined || partition === ''
      ? null
      : partitionBytes(String(partition));
  } catch {
    return null;
  }
}

function amountOf(amount: unknown): bigint {
  try {
    return BigInt(String(amount ?? '0'));
  } catch {
    return 0n;
  }
}

/**
 * The token's other pending approvals (sharded keys) and the rows of its queued or running bulk operations not sent
 * yet, as simulate.ts reads them for a rule (same states), with what each does to which address.
 */
async function queuedOf(db: Database, input: OperationWhatIfInput): Promise<Queued[]> {
  const [approvals, bulk] = await Promise.all([
    db.execute(sql`select d.id, d.tx_type, d.tx_data, k.address as key_address
      from distributed_transactions d join sharded_keys k on k.id = d.key_id
      where d.project_id = ${input.projectId} and d.status = ${dtxStatuses.pending} and d.id <> ${input.dtxId}
      order by d.id`),
    db.execute(sql`select r.job_id as id, r.row, r.address, r.from_address, r.partition, r.amount,
        j.payload->>'operation' as operation
      from token_bulk_rows r join jobs j on j.id = r.job_id
      where j.kind = ${bulkJobKind} and j.state in ('queued', 'running')
        and lower(j.payload->>'contractAddress') = ${input.contractAddress.toLowerCase()}
        and r.status in ('pending', 'checked')
      order by r.job_id, r.row`),
  ]);
  const none = { from: null, to: null, address: null, partition: null, amount: 0n };
  const fromApprovals = rowsOf<{
    id: number;
    tx_type: number;
    tx_data: Record<string, unknown>;
    key_address: string;
  }>(approvals).flatMap((d): Queued[] => {
    const base = { kind: 'approval' as const, id: Number(d.id), row: null, ...none };
    const data = d.tx_data ?? {};
    switch (Number(d.tx_type)) {
      case dtxTypes.issue:
        return [
          {
            ...base,
            does: 'issue',
            to: lower(data.holderAddress),
            partition: bytesOf(data.partition),
            amount: amountOf(data.amount),
          },
        ];
      case dtxTypes.redeem:
        return [
          {
            ...base,
            does: 'redeem',
            from: lower(d.key_address),
            partition: bytesOf(data.partition),
            amount: amountOf(data.amount),
          },
        ];
      case dtxTypes.freezeAddress:
        return [
          {
            ...base,
            does: data.frozen === true || data.frozen === 'true' ? 'freeze' : 'unfreeze',
            address: lower(data.holderAddress),
          },
        ];
      case dtxTypes.freezePartial:
        return [
          {
            ...base,
            does: data.action === 'unfreeze' ? 'unfreezeTokens' : 'freezeTokens',
            address: lower(data.holderAddress),
            partition: bytesOf(data.partition),
            amount: amountOf(data.amount),
          },
        ];
      case dtxTypes.recoverWallet:
        return [{ ...base, does: 'recover', from: lower(data.lostAddress), to: lower(data.newAddress) }];
      default:
        return [];
    }
  });
  const fromBulk = rowsOf<{
    id: number;
    row: number;
    address: string;
    from_address: string | null;
    partition: string;
    amount: string;
    operation: string;
  }>(bulk).flatMap((b): Queued[] => {
    const base = {
      kind: 'bulk' as const,
      id: Number(b.id),
      row: Number(b.row),
      ...none,
      partition: bytesOf(b.partition),
      amount: amountOf(b.amount),
    };
    switch (b.operation) {
      case 'issue':
        return [{ ...base, does: 'issue', to: lower(b.address) }];
      case 'force':
        return [{ ...base, does: 'force', from: lower(b.from_address), to: lower(b.address) }];
      case 'freezeAddress':
        return [{ ...base, does: 'freeze', address: lower(b.address) }];
      case 'unfreezeAddress':
        return [{ ...base, does: 'unfreeze', address: lower(b.address) }];
      case 'freezeTokens':
        return [{ ...base, does: 'freezeTokens', address: lower(b.address) }];
      case 'unfreezeTokens':
        return [{ ...base, does: 'unfreezeTokens', address: lower(b.address) }];
      default:
        return [];
    }
  });
  return [...fromApprovals, ...fromBulk];
}

/** The operation in the words of simulate.ts: 'Pending approval #7 would fail: …', 'Bulk operation #3, row 2 …'. */
function failing(op: Queued, reason: string) {
  const what = op.kind === 'approval' ? r.simApproval(op.id) : r.simBulkRow(op.id, op.row ?? 0);
  return { kind: op.kind, id: op.id, row: op.row, reason: r.simOperationIssue(what, reason) };
}

/** Of `accounts`, those verified on `whitelist` now (indexed verification, KYC record not expired). */
async function verifiedOn(db: Database, whitelist: string, accounts: string[], now: number) {
  if (accounts.length === 0) return new Set<string>();
  const rows = rowsOf<{ account: string }>(
    await db.execute(sql`select v.account from whitelist_verifications v
      where v.whitelist_address = ${whitelist} and v.verified
        and v.account = any(${`{${accounts.join(',')}}`}::text[])
        and not exists (
          select 1 from whitelist_addresses wa join whitelists w on w.id = wa.whitelist_id
          where w.address = ${whitelist} and wa.public_address = v.account and wa.expires_at <= to_timestamp(${now}))`),
  );
  return new Set(rows.map((row) => row.account));
}

/**
 * The what-if of a pending whitelist replacement, address freeze, partial freeze or recovery (issue 39), from the
 * indexer's tables in SQL (no chain call per holder), in simulate.ts's words:
 * - replaceWhitelist: the token's holders (non-zero balance) not verified on the new whitelist (they could no longer
 *   receive nor, as the token checks its sender's verification, transfer), and the pending issues, bulk issues and
 *   forced transfers whose receiver, and the recoveries whose new wallet, it does not verify;
 * - freezeAddress: operations sending tokens to the address (it could no longer receive), redeeming from it (a
 *   frozen address redeems nothing) and freezing it again. A forced transfer from a frozen address still goes
 *   through (the controller's power, SecurityTokenV2.forcedTransfer), so those are not listed;
 * - freezePartial: the redemptions of the holder in that partition, and the further freezes there, above what the
 *   freeze would leave unfrozen (forced transfers take frozen tokens too);
 * - recoverWallet: operations naming the lost wallet (it can neither receive nor send, even by force), and another
 *   recovery of it.
 * An unfreeze makes nothing fail.
 */
export async function simulateOperation(db: Database, input: OperationWhatIfInput): Promise<ApprovalWhatIf> {
  const limit = input.limit ?? maxSimulationFindings;
  const data = input.txData;
  const [queued, cursor] = await Promise.all([
    queuedOf(db, input),
    db.execute(sql`select last_block::int as block from indexer_cursors
      where contract_address = ${input.contractAddress.toLowerCase()}`),
  ]);
  let holders: ApprovalWhatIf['holders'] = [];
  let outOfBounds = 0;
  let operations: ApprovalWhatIf['operations'] = [];

  if (input.txType === dtxTypes.replaceWhitelist) {
    const next = lower(data.whitelistAddress);
    const current = input.whitelistAddress?.toLowerCase() ?? '';
    // Each holder over every partition, with its name from the current whitelist's record (else the new one's).
    const listed = rowsOf<{ holder: string; balance: string; name: string | null; total: number }>(
      await db.execute(sql`
        select h.holder, h.balance::text as balance, rec.legal_name as name, count(*) over ()::int as total
        from (
          select holder, sum(balance) as balance from token_balances
          where contract_address = ${input.contractAddress} and balance > 0
          group by holder
        ) h
        left join lateral (
          select wa.legal_name from whitelist_addresses wa join whitelists w on w.id = wa.whitelist_id
          where w.address in (${current}, ${next}) and wa.public_address = h.holder
          order by (w.address = ${current}) desc limit 1
        ) rec on true
        where not exists (
          select 1 from whitelist_verifications v
          where v.whitelist_address = ${next} and v.account = h.holder and v.verified
            and not exists (
              select 1 from whitelist_addresses wa join whitelists w on w.id = wa.whitelist_id
              where w.address = ${next} and wa.public_address = h.holder and wa.expires_at <= to_timestamp(${input.now})))
        order by coalesce(rec.legal_name, ''), h.balance desc, h.holder
        limit ${limit}`),
    );
    outOfBounds = Number(listed[0]?.total ?? 0);
    holders = listed.map((row) => {
      const name = input.names ? row.name : null;
      return {
        holder: row.holder,
        name,
        balance: row.balance,
        reason: r.whatIfNotVerified(name ?? row.holder, formatAmount(row.balance)),
      };
    });
    const receivers = queued.filter(
      (op) => (op.does === 'issue' || op.does === 'force' || op.does === 'recover') && op.to,
    );
    const verified = await verifiedOn(
      db,
      next,
      [...new Set(receivers.map((op) => op.to as string))],
      input.now,
    );
    operations = receivers.flatMap((op) =>
      verified.has(op.to as string)
        ? []
        : [failing(op, op.does === 'recover' ? r.simNewWalletNotVerified : r.simReceiverNotVerified)],
    );
  } else if (input.txType === dtxTypes.freezeAddress) {
    const frozen = data.frozen === true || data.frozen === 'true';
    const address = lower(data.holderAddress);
    if (frozen) {
      operations = queued.flatMap((op) =>
        (op.does === 'issue' || op.does === 'force') && op.to === address
          ? [failing(op, r.simReceiverFrozen)]
          : op.does === 'redeem' && op.from === address
            ? [failing(op, r.simSenderFrozen)]
            : op.does === 'freeze' && op.address === address
              ? [failing(op, r.simFrozenAlready)]
              : [],
      );
    }
  } else if (input.txType === dtxTypes.freezePartial) {
    const address = lower(data.holderAddress);
    const partition = bytesOf(data.partition);
    if (data.action !== 'unfreeze' && partition !== null) {
      const [state] = rowsOf<{ balance: string; frozen: string }>(
        await db.execute(sql`select
          coalesce((select balance::text from token_balances
            where contract_address = ${input.contractAddress} and partition = ${partition} and holder = ${address}), '0')
            as balance,
          coalesce((select amount::text from token_events
            where contract_address = ${input.contractAddress} and event = 'FrozenByPartition'
              and from_address = ${address} and partition = ${partition}
            order by block_number desc, log_index desc limit 1), '0') as frozen`),
      );
      const left = BigInt(state?.balance ?? '0') - BigInt(state?.frozen ?? '0') - amountOf(data.amount);
      const free = left > 0n ? left : 0n;
      operations = queued.flatMap((op) =>
        (op.does === 'redeem' && op.from === address) ||
        (op.does === 'freezeTokens' && op.address === address)
          ? op.partition === partition && op.amount > free
            ? [failing(op, r.simAboveUnfrozenAfter(formatAmount(free)))]
            : []
          : [],
      );
    }
  } else if (input.txType === dtxTypes.recoverWallet) {
    const lost = lower(data.lostAddress);
    operations = queued.flatMap((op) =>
      op.does === 'recover' && op.from === lost
        ? [failing(op, r.simRecoveredAlready)]
        : (op.does === 'issue' || op.does === 'force') && op.to === lost
          ? [failing(op, r.simReceiverRecovered)]
          : (op.does === 'force' || op.does === 'redeem') && op.from === lost
            ? [failing(op, r.simSenderRecovered)]
            : [],
    );
  }
  const nothing = outOfBounds === 0 && operations.length === 0;
  return {
    summary: nothing ? r.whatIfNothing : r.whatIfChanges(outOfBounds, operations.length),
    holders,
    truncated: outOfBounds > holders.length,
    operations,
    block: Number(rowsOf<{ block: number }>(cursor)[0]?.block ?? 0),
  };
}
