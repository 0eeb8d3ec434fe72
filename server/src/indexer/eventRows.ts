import type { Database } from '../db/database.ts';
import type { tokenEvents } from '../modules/tokens/schema.ts';
import type { DecodedLog } from './decode.ts';

/** What the indexer stores of a decoded log: the event row, and the helpers the store's parts share. */

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export const chunkSize = 500;

/** `items` in slices of `size`, so one insert never carries too many parameters. */
export function chunks<T>(items: T[], size = chunkSize): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const lower = (value: unknown) => String(value).toLowerCase();
export const text = (value: unknown) => (typeof value === 'bigint' ? value.toString() : String(value));

type EventRow = typeof tokenEvents.$inferInsert;

type Args = DecodedLog['args'];

/** The events that move tokens: their partition and addresses (the amount, data and operator data are common). */
const movements: Record<string, (a: Args) => Partial<EventRow>> = {
  IssuedByPartition: (a) => ({ partition: a.partition, operator: lower(a.operator), toAddress: lower(a.to) }),
  RedeemedByPartition: (a) => ({
    partition: a.partition,
    operator: lower(a.operator),
    fromAddress: lower(a.from),
  }),
  TransferByPartition: (a) => ({
    partition: a.fromPartition,
    operator: lower(a.operator),
    fromAddress: lower(a.from),
    toAddress: lower(a.to),
  }),
  ControllerTransfer: (a) => ({
    operator: lower(a.controller),
    fromAddress: lower(a.from),
    toAddress: lower(a.to),
  }),
  ControllerRedemption: (a) => ({ operator: lower(a.controller), fromAddress: lower(a.tokenHolder) }),
};

/** The event row of a decoded log: the common columns plus the remaining arguments in `details`. */
export function eventRow(log: DecodedLog, timestamp: number): EventRow {
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
  const movement = movements[log.event];
  if (movement) {
    Object.assign(row, movement(a), { amount: text(a.value) });
    details.data = a.data;
    if (log.event !== 'IssuedByPartition') details.operatorData = a.operatorData;
    row.details = details;
    return row;
  }
  switch (log.event) {
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
