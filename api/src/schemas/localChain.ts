import { z } from 'zod';
import { localMessages } from '../messages.ts';
import { addressPattern } from './fields.ts';
import { transactionHashPattern } from './transactions.ts';

/** GET /local/address/{address}. */
export const localAddressParamsSchema = z.object({
  address: z
    .string()
    .trim()
    .regex(addressPattern, localMessages.addressInvalid)
    .transform((value) => value.toLowerCase()),
});

/** GET /local/tx/{hash}. */
export const localTxParamsSchema = z.object({
  hash: z
    .string()
    .trim()
    .regex(transactionHashPattern, localMessages.hashInvalid)
    .transform((value) => value.toLowerCase()),
});

/** GET /local/block/{block}: a block number, a block hash, or 'latest'. */
export const localBlockParamsSchema = z.object({
  block: z
    .string()
    .trim()
    .refine(
      (value) => /^\d{1,15}$/.test(value) || transactionHashPattern.test(value) || value === 'latest',
      localMessages.blockInvalid,
    )
    .transform((value) => value.toLowerCase()),
});

/** A transaction as listed in a block or for an address. Amounts are wei as decimal strings. */
export const localTxSummarySchema = z.object({
  hash: z.string(),
  blockNumber: z.number().int(),
  from: z.string(),
  /** '' for a contract creation. */
  to: z.string(),
  value: z.string(),
});
export type LocalTxSummary = z.output<typeof localTxSummarySchema>;

/** An ERC-20 `Transfer` log from or to an address, as an explorer's token tab lists it. */
export const localTokenTransferSchema = z.object({
  hash: z.string(),
  blockNumber: z.number().int(),
  logIndex: z.number().int(),
  /** The contract that logged the transfer. */
  token: z.string(),
  /** Its project code when it is a token of this platform, else the symbol it answers (or ''). */
  tokenSymbol: z.string(),
  /** The zero address for tokens created (issued), and as `to` for tokens destroyed (redeemed). */
  from: z.string(),
  to: z.string(),
  /** Base units, decimal string. */
  value: z.string(),
  /** The token's decimals (null when it does not answer `decimals()`): the page shows `value` in token units. */
  tokenDecimals: z.number().int().nullable(),
});
export type LocalTokenTransfer = z.output<typeof localTokenTransferSchema>;

export const localAddressSchema = z.object({
  address: z.string(),
  /** Wei, decimal string. */
  balance: z.string(),
  /** The balance in ether, for reading. */
  balanceEther: z.string(),
  /** Transactions sent so far (the account nonce). */
  transactionCount: z.number().int(),
  isContract: z.boolean(),
  /** Bytes of contract code (0 for an account). */
  codeSize: z.number().int(),
  /** What the platform knows the address as (a token, whitelist or security scheme), when it does. */
  knownAs: z.object({ kind: z.string(), name: z.string() }).nullable(),
  /** Transactions from or to the address in the newest blocks (newest first). */
  recentTransactions: z.array(localTxSummarySchema),
  /** ERC-20 transfers from or to the address, of any contract, in the same blocks (newest first). */
  tokenTransfers: z.array(localTokenTransferSchema),
  /** How many of the newest blocks were searched for them. */
  blocksSearched: z.number().int(),
  latestBlock: z.number().int(),
});
export type LocalAddress = z.output<typeof localAddressSchema>;

/** One argument of a decoded call or event, as people read it (amounts in the token's units with its symbol). */
export const localDecodedArgSchema = z.object({
  name: z.string(),
  /** The Solidity type, e.g. 'uint256' or 'address[]'. */
  type: z.string(),
  value: z.string(),
});
export type LocalDecodedArg = z.output<typeof localDecodedArgSchema>;

/** A call decoded with the ABIs the platform knows (its tokens, whitelists, schemes, distributor, factory, tUSD). */
export const localDecodedCallSchema = z.object({
  name: z.string(),
  signature: z.string(),
  args: z.array(localDecodedArgSchema),
});
export type LocalDecodedCall = z.output<typeof localDecodedCallSchema>;

/** An event of a transaction's receipt; `name` is '' (and `signature` its topic) when no known ABI has it. */
export const localDecodedEventSchema = z.object({
  index: z.number().int(),
  address: z.string(),
  name: z.string(),
  signature: z.string(),
  args: z.array(localDecodedArgSchema),
});
export type LocalDecodedEvent = z.output<typeof localDecodedEventSchema>;

export const localTransactionSchema = z.object({
  hash: z.string(),
  /** 'pending' until mined. */
  status: z.enum(['success', 'reverted', 'pending']),
  blockNumber: z.number().int().nullable(),
  blockHash: z.string(),
  /** ISO time of the block; '' while pending. */
  timestamp: z.string(),
  transactionIndex: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  contractAddress: z.string(),
  value: z.string(),
  nonce: z.number().int(),
  gasLimit: z.string(),
  gasPrice: z.string(),
  gasUsed: z.string(),
  /** The call data (hex). */
  input: z.string(),
  /** The call decoded, when a known ABI has its selector. */
  call: localDecodedCallSchema.nullable(),
  logCount: z.number().int(),
  /** The receipt's events, decoded (empty while pending). */
  events: z.array(localDecodedEventSchema),
  confirmations: z.number().int(),
});
export type LocalTransaction = z.output<typeof localTransactionSchema>;

export const localBlockSchema = z.object({
  number: z.number().int(),
  hash: z.string(),
  parentHash: z.string(),
  /** ISO time. */
  timestamp: z.string(),
  miner: z.string(),
  gasUsed: z.string(),
  gasLimit: z.string(),
  baseFeePerGas: z.string(),
  transactions: z.array(localTxSummarySchema),
  latestBlock: z.number().int(),
});
export type LocalBlock = z.output<typeof localBlockSchema>;
