import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import {
  balanceChanges,
  indexerCursors,
  partitionHolderCounts,
  tokenBalances,
  holderChangeCounts,
  tokenDocuments,
  tokenEvents,
  tokenOperators,
  whitelistVerifications,
} from '../modules/tokens/schema.ts';
import { bytes32Name, type DecodedLog } from './decode.ts';
import { recordBlockHashes } from './reorg.ts';
import { refreshHolderLegalNames } from '../modules/holders/repository.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const chunkSize = 500;

function chunks<T>(items: T[], size = chunkSize): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const lower = (value: unknown) => String(value).toLowerCase();
const text = (value: unknown) => (typeof value === 'bigint' ? value.toString() : String(value));

type EventRow = typeof tokenEvents.$inferInsert;
type ChangeRow = typeof balanceChanges.$inferInsert;

/** The event row of a decoded log: the common columns plus the remaining arguments in `details`. */
function eventRow(log: DecodedLog, timestamp: number): EventRow {
  const a = log.args;
  const row: EventRow = {
    contractAddress: log.contractAddress,
    blockNumber: log.blockNumber,
    logIndex: log.logIndex,
    blockTimestamp: timestamp,
    transactionHash: log.transactionHash,
    event: log.event,
    details: {},
  };
  const details: Record<string, string | boolean> = {};
  switch (log.event) {
    case 'IssuedByPartition':
      Object.assign(row, { partition: a.partition, operator: lower(a.operator), toAddress: lower(a.to) });
      row.amount = text(a.value);
      details.data = a.data;
      break;
    case 'RedeemedByPartition':
      Object.assign(row, { partition: a.partition, operator: lower(a.operator), fromAddress: lower(a.from) });
      row.amount = text(a.value);
      details.data = a.data;
      details.operatorData = a.operatorData;
      break;
    case 'TransferByPartition':
      Object.assign(row, {
        partition: a.fromPartition,
        operator: lower(a.operator),
        fromAddress: lower(a.from),
        toAddress: lower(a.to),
      });
      row.amount = text(a.value);
      details.data = a.data;
      details.operatorData = a.operatorData;
      break;
    case 'ControllerTransfer':
      Object.assign(row, {
        operator: lower(a.controller),
        fromAddress: lower(a.from),
        toAddress: lower(a.to),
      });
      row.amount = text(a.value);
      details.data = a.data;
      details.operatorData = a.operatorData;
      break;
    case 'ControllerRedemption':
      Object.assign(row, { operator: lower(a.controller), fromAddress: lower(a.tokenHolder) });
      row.amount = text(a.value);
      details.data = a.data;
      details.operatorData = a.operatorData;
      break;
    case 'DocumentUpdated':
    case 'DocumentRemoved':
      row.partition = a.name;
      details.uri = a.uri;
      details.documentHash = a.documentHash;
      break;
    case 'AuthorizedOperator':
    case 'RevokedOperator':
      Object.assign(row, { operator: lower(a.operator), fromAddress: lower(a.tokenHolder) });
      break;
    case 'AuthorizedOperatorByPartition':
    case 'RevokedOperatorByPartition':
      Object.assign(row, {
        partition: a.partition,
        operator: lower(a.operator),
        fromAddress: lower(a.tokenHolder),
      });
      break;
    case 'AddressVerified':
    case 'VerificationUpdated':
    case 'VerificationRemoved':
      Object.assign(row, { toAddress: lower(a.account), operator: lower(a.by) });
      if ('hash' in a.toObject()) details.hash = a.hash;
      break;
    case 'PartitionCreated':
      row.partition = a.partition;
      break;
    default:
      for (const [key, value] of Object.entries(a.toObject())) {
        details[key] = typeof value === 'boolean' ? value : text(value);
      }
  }
  row.details = details;
  return row;
}

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
 * Locks the cursors of `addresses` and checks they are all at `expectedLastBlock` (another instance may have
 * moved them meanwhile). Answers false when not.
 */
async function lockCursors(tx: Tx, addresses: string[], expectedLastBlock: number): Promise<boolean> {
  const rows = await tx
    .select({ lastBlock: indexerCursors.lastBlock })
    .from(indexerCursors)
    .where(inArray(indexerCursors.contractAddress, addresses))
    .for('update');
  return rows.length === addresses.length && rows.every((row) => row.lastBlock === expectedLastBlock);
}

/**
 * Stores the decoded logs of blocks (expectedLastBlock, toBlock] of `addresses` and moves their cursors to
 * `toBlock`, all in one transaction: a crash leaves either everything or nothing. Answers false when the
 * cursors had moved (nothing written).
 */
export async function storeBatch(
  db: Database,
  input: {
    addresses: string[];
    expectedLastBlock: number;
    toBlock: number;
    logs: DecodedLog[];
    timestamps: Map<number, number>;
    /** Hashes of the batch's blocks within the reorg window (indexer/reorg.ts). */
    blockHashes?: Map<number, string>;
  },
): Promise<boolean> {
  const logs = [...input.logs].sort((x, y) => x.blockNumber - y.blockNumber || x.logIndex - y.logIndex);
  return db.transaction(async (tx) => {
    if (!(await lockCursors(tx, input.addresses, input.expectedLastBlock))) return false;
    const stamp = (log: DecodedLog) => input.timestamps.get(log.blockNumber) ?? 0;

    const events = logs.map((log) => eventRow(log, stamp(log)));
    for (const part of chunks(events)) {
      await tx.insert(tokenEvents).values(part).onConflictDoNothing();
    }

    // Balances: running totals from the stored balances, one change row per holder and event.
    const ops = logs.flatMap((log) => balanceOps(log, stamp(log)));
    if (ops.length > 0) {
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

    // Documents, operators and whitelist verifications: their latest state, in log order.
    for (const log of logs) {
      const a = log.args;
      switch (log.event) {
        case 'DocumentUpdated': {
          const values = {
            contractAddress: log.contractAddress,
            name: a.name as string,
            title: bytes32Name(a.name),
            uri: a.uri as string,
            documentHash: a.documentHash as string,
            blockNumber: log.blockNumber,
            transactionHash: log.transactionHash,
          };
          await tx
            .insert(tokenDocuments)
            .values(values)
            .onConflictDoUpdate({
              target: [tokenDocuments.contractAddress, tokenDocuments.name],
              set: values,
            });
          break;
        }
        case 'DocumentRemoved':
          await tx
            .delete(tokenDocuments)
            .where(
              and(eq(tokenDocuments.contractAddress, log.contractAddress), eq(tokenDocuments.name, a.name)),
            );
          break;
        case 'AuthorizedOperator':
        case 'RevokedOperator':
        case 'AuthorizedOperatorByPartition':
        case 'RevokedOperatorByPartition': {
          const values = {
            contractAddress: log.contractAddress,
            holder: lower(a.tokenHolder),
            operator: lower(a.operator),
            partition: log.event.endsWith('ByPartition') ? (a.partition as string) : '',
            authorized: log.event.startsWith('Authorized'),
            blockNumber: log.blockNumber,
          };
          await tx
            .insert(tokenOperators)
            .values(values)
            .onConflictDoUpdate({
              target: [
                tokenOperators.contractAddress,
                tokenOperators.holder,
                tokenOperators.operator,
                tokenOperators.partition,
              ],
              set: { authorized: values.authorized, blockNumber: values.blockNumber },
            });
          break;
        }
        case 'AddressVerified':
        case 'VerificationUpdated':
        case 'VerificationRemoved': {
          const values = {
            whitelistAddress: log.contractAddress,
            account: lower(a.account),
            verified: log.event !== 'VerificationRemoved',
            verificationHash:
              log.event === 'VerificationRemoved' ? (a.previousHash as string) : (a.hash as string),
            transactionHash: log.transactionHash,
            blockNumber: log.blockNumber,
          };
          await tx
            .insert(whitelistVerifications)
            .values(values)
            .onConflictDoUpdate({
              target: [whitelistVerifications.whitelistAddress, whitelistVerifications.account],
              set: values,
            });
          break;
        }
        default:
          break;
      }
    }

    if (input.blockHashes) await recordBlockHashes(tx, input.blockHashes);
    await tx
      .update(indexerCursors)
      .set({ lastBlock: input.toBlock, updatedOn: new Date() })
      .where(inArray(indexerCursors.contractAddress, input.addresses));
    return true;
  });
}
