import { type SQL, sql } from 'drizzle-orm';
import { refreshHolderLegalNames } from '../modules/holders/repository.ts';
import {
  balanceChanges,
  holderChangeCounts,
  partitionHolderCounts,
  tokenBalances,
} from '../modules/tokens/schema.ts';
import type { DecodedLog } from './decode.ts';
import { chunks, lower, type Tx } from './eventRows.ts';

type ChangeRow = typeof balanceChanges.$inferInsert;

type BalanceOp = { log: DecodedLog; timestamp: number; holder: string; partition: string; delta: bigint };

function balanceOps(log: DecodedLog, timestamp: number): BalanceOp[] {
  const a = log.args;
  const value = BigInt(a.value ?? 0);
  switch (log.event) {
    case 'IssuedByPartition':
      return [{ log, timestamp, holder: lower(a.to), partition: a.partition, delta: value }];
    case 'RedeemedByPartition':
      return [{ log, timestamp, holder: lower(a.from), partition: a.partition, delta: -value }];
    case 'TransferByPartition':
      return [
        { log, timestamp, holder: lower(a.from), partition: a.fromPartition, delta: -value },
        { log, timestamp, holder: lower(a.to), partition: a.fromPartition, delta: value },
      ];
    default:
      return [];
  }
}

const key = (contract: string, partition: string, holder: string) => `${contract}|${partition}|${holder}`;

/**
 * Balances of one batch: running totals from the stored balances, one change row per holder and event, the change
 * counts per holder, the holder counts per partition and the final balances (with the holders' legal names).
 */
export async function storeBalances(
  tx: Tx,
  logs: DecodedLog[],
  stamp: (log: DecodedLog) => number,
): Promise<void> {
  const ops = logs.flatMap((log) => balanceOps(log, stamp(log)));
  if (ops.length === 0) return;
  const current = new Map<string, bigint>();
  const keys = [...new Set(ops.map((op) => key(op.log.contractAddress, op.partition, op.holder)))];
  for (const part of chunks(keys)) {
    const tuples: SQL[] = part.map((k) => {
      const [c, p, h] = k.split('|');
      return sql`(${c}, ${p}, ${h})`;
    });
    const rows = await tx
      .select()
      .from(tokenBalances)
      .where(
        sql`(${tokenBalances.contractAddress}, ${tokenBalances.partition}, ${tokenBalances.holder}) in (${sql.join(tuples, sql`, `)})`,
      );
    for (const row of rows) {
      current.set(key(row.contractAddress, row.partition, row.holder), BigInt(row.balance));
    }
  }
  const before = new Map(current);
  const changes: ChangeRow[] = [];
  for (const op of ops) {
    const k = key(op.log.contractAddress, op.partition, op.holder);
    const balance = (current.get(k) ?? 0n) + op.delta;
    current.set(k, balance);
    changes.push({
      contractAddress: op.log.contractAddress,
      holder: op.holder,
      partition: op.partition,
      blockNumber: op.log.blockNumber,
      logIndex: op.log.logIndex,
      blockTimestamp: op.timestamp,
      transactionHash: op.log.transactionHash,
      delta: op.delta.toString(),
      balance: balance.toString(),
    });
  }
  // Change counts per holder, from the rows actually inserted.
  const counts = new Map<string, { changes: number; first: number; last: number }>();
  for (const part of chunks(changes)) {
    const inserted = await tx.insert(balanceChanges).values(part).onConflictDoNothing().returning({
      contractAddress: balanceChanges.contractAddress,
      holder: balanceChanges.holder,
      blockTimestamp: balanceChanges.blockTimestamp,
    });
    for (const row of inserted) {
      const pair = `${row.contractAddress}|${row.holder}`;
      const count = counts.get(pair);
      counts.set(pair, {
        changes: (count?.changes ?? 0) + 1,
        first: Math.min(count?.first ?? row.blockTimestamp, row.blockTimestamp),
        last: Math.max(count?.last ?? row.blockTimestamp, row.blockTimestamp),
      });
    }
  }
  for (const part of chunks([...counts])) {
    await tx
      .insert(holderChangeCounts)
      .values(
        part.map(([pair, count]) => {
          const [contractAddress = '', holder = ''] = pair.split('|');
          return {
            contractAddress,
            holder,
            changes: count.changes,
            firstTimestamp: count.first,
            lastTimestamp: count.last,
          };
        }),
      )
      .onConflictDoUpdate({
        target: [holderChangeCounts.contractAddress, holderChangeCounts.holder],
        set: {
          changes: sql`${holderChangeCounts.changes} + excluded.changes`,
          firstTimestamp: sql`least(${holderChangeCounts.firstTimestamp}, excluded.first_timestamp)`,
          lastTimestamp: sql`greatest(${holderChangeCounts.lastTimestamp}, excluded.last_timestamp)`,
        },
      });
  }
  const finals = keys.map((k) => {
    const [contractAddress = '', partition = '', holder = ''] = k.split('|');
    return { contractAddress, partition, holder, balance: (current.get(k) ?? 0n).toString() };
  });
  // Holder counts per partition: +1 when a balance leaves zero, -1 when it returns to zero.
  const countDeltas = new Map<string, number>();
  for (const k of keys) {
    const was = (before.get(k) ?? 0n) > 0n;
    const is = (current.get(k) ?? 0n) > 0n;
    if (was === is) continue;
    const pair = k.slice(0, k.lastIndexOf('|'));
    countDeltas.set(pair, (countDeltas.get(pair) ?? 0) + (is ? 1 : -1));
  }
  for (const [pair, delta] of countDeltas) {
    const [contractAddress = '', partition = ''] = pair.split('|');
    await tx
      .insert(partitionHolderCounts)
      .values({ contractAddress, partition, holders: delta })
      .onConflictDoUpdate({
        target: [partitionHolderCounts.contractAddress, partitionHolderCounts.partition],
        set: { holders: sql`${partitionHolderCounts.holders} + ${delta}` },
      });
  }
  for (const part of chunks(finals)) {
    await tx
      .insert(tokenBalances)
      .values(part)
      .onConflictDoUpdate({
        target: [tokenBalances.contractAddress, tokenBalances.partition, tokenBalances.holder],
        set: { balance: sql`excluded.balance` },
      });
    // A new holder's row takes the legal name of its whitelist record.
    const tuples = part.map((row) => sql`(${row.contractAddress}, ${row.partition}, ${row.holder})`);
    await refreshHolderLegalNames(
      tx,
      sql`(tb.contract_address, tb.partition, tb.holder) in (${sql.join(tuples, sql`, `)})`,
    );
  }
}
