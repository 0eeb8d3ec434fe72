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

/** A bytes2 country code as its two letters ('0x4652' -> 'FR'); empty for none. */
const bytes2Text = (value: unknown) =>
  Buffer.from(String(value).slice(2), 'hex').toString('latin1').replace(/\0/g, '');

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
    // Security schemes (issue 37's role tables): the account in to_address, who changed it in operator, OP's asset
    // id in partition.
    case 'OperatorGranted':
    case 'OperatorRevoked':
      Object.assign(row, { partition: a.asset, toAddress: lower(a.account), operator: lower(a.by) });
      break;
    case 'Level1Granted':
    case 'Level1Revoked':
    case 'Level2Granted':
    case 'Level2Revoked':
      Object.assign(row, { toAddress: lower(a.account), operator: lower(a.by) });
      break;
    case 'PartitionCreated':
      row.partition = a.partition;
      break;
    // Whitelist version 2: the country and the expiry of a record (ISO 3166 alpha-2 as text; unix seconds, 0: none).
    case 'CountrySet':
      Object.assign(row, { toAddress: lower(a.account), operator: lower(a.by) });
      details.country = bytes2Text(a.country);
      break;
    case 'ExpirySet':
      Object.assign(row, { toAddress: lower(a.account), operator: lower(a.by) });
      details.expiresAt = text(a.expiresAt);
      break;
    // Enforcement of version 2 tokens (issue 36), each with the address it concerns in from_address:
    // an address frozen or unfrozen (ERC-3643), the frozen amount of one partition after a change, the amounts
    // frozen or unfrozen (ERC-3643) and the total frozen after (ERC-7943 Frozen), a recovery (lost -> new wallet)
    // and ERC-7943's ForcedTransfer (the ControllerTransfer beside it is the movement).
    case 'AddressFrozen':
      Object.assign(row, { fromAddress: lower(a._userAddress), operator: lower(a._owner) });
      details.frozen = a._isFrozen;
      break;
    case 'FrozenByPartition':
      Object.assign(row, { partition: a.partition, fromAddress: lower(a.account), amount: text(a.frozen) });
      break;
    case 'TokensFrozen':
    case 'TokensUnfrozen':
      Object.assign(row, { fromAddress: lower(a._userAddress), amount: text(a._amount) });
      break;
    case 'Frozen':
      Object.assign(row, { fromAddress: lower(a.account), amount: text(a.amount) });
      break;
    case 'RecoverySuccess':
      Object.assign(row, { fromAddress: lower(a._lostWallet), toAddress: lower(a._newWallet) });
      details.investorOnchainID = lower(a._investorOnchainID);
      break;
    case 'ForcedTransfer':
      Object.assign(row, { fromAddress: lower(a.from), toAddress: lower(a.to), amount: text(a.amount) });
      break;
    default:
      for (const [key, value] of Object.entries(a.toObject())) {
        details[key] = typeof value === 'boolean' ? value : text(value);
      }
  }
  row.details = details;
  return row;
}
