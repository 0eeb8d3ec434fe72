import {
  type AccountTransaction,
  type AccountTransactionsFilter,
  type AccountTransactionsPage,
  accountTransactionsPageSize,
  assetClasses,
  describeTxType,
  emptyReceipt,
  type TransactionDetail,
  type TransactionEffect,
  type TransactionReceipt,
  type TransactionStatus,
  type recordAccountTransactionRequestSchema,
  transactionRecordMessages,
} from '@tranche/api';
import type { TransactionReceipt as ChainReceipt, TransactionResponse } from 'ethers';
import type { z } from 'zod';

import { accessOf } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { effectsOf } from './effects.ts';
import {
  accountKnowsHash,
  accountTransactionContracts,
  findAccountTransaction,
  findReceipt,
  followReplacedTransaction,
  insertTransactionHash,
  type ListedTransactionRow,
  listAccountTransactions,
  type ReceiptRow,
  updateTransactionContract,
  upsertAccountTransaction,
  upsertReceipt,
} from './repository.ts';
import { rulesInForce } from './rulesInForce.ts';
import { tokenConcerned } from './tokenOf.ts';

type RecordRequest = z.output<typeof recordAccountTransactionRequestSchema>;

/**
 * How long a route waits for the server's node to see a transaction the wallet just sent: on a public
 * network the wallet's node may not have propagated it yet; the embedded chain is the wallet's own node.
 */
export const chainLookupTimeoutMs = { local: 1_000, remote: 15_000 } as const;

/**
 * Records a transaction the server itself signed for an account (txMode 2, sharded transactions, draft
 * deployments): it then shows in the account's My transactions and its detail may be viewed.
 * Addresses may be given in any case; an empty or zero contract address is stored as none. The token the row
 * concerns is read from the contract and the call's data (`callData`: a Distributor call names its distribution).
 */
export async function recordUserTransaction(
  ctx: Pick<AppContext, 'db'>,
  input: {
    accountId: number;
    hash: string;
    txType: number;
    contractAddress?: string | null;
    publicAddress?: string | null;
    callData?: string | null;
  },
): Promise<void> {
  const contractAddress = normalizeAddress(input.contractAddress);
  await upsertAccountTransaction(ctx.db, {
    accountId: input.accountId,
    transactionHash: input.hash.toLowerCase(),
    txType: input.txType,
    contractAddress,
    publicAddress: normalizeAddress(input.publicAddress),
    tokenAddress: await tokenConcerned(ctx.db, contractAddress, input.callData),
  });
}

/**
 * The chain service's sweep replaced answered transactions stuck under too low a fee and the replacements were
 * mined: My transactions and the registered hashes follow them (the hash a caller got never reaches the chain).
 */
export async function followReplacedTransactions(
  ctx: Pick<AppContext, 'db'>,
  replaced: readonly { dropped: string; mined: string }[],
): Promise<void> {
  for (const { dropped, mined } of replaced) await followReplacedTransaction(ctx.db, dropped, mined);
}

function normalizeAddress(address: string | null | undefined): string | null {
  if (!address || /^0x0{40}$/i.test(address)) return null;
  return address.toLowerCase();
}

export function assetClassOf(row: Pick<ListedTransactionRow, 'contractKind' | 'projectName'>): number {
  if (row.projectName !== null) return assetClasses.token;
  switch (row.contractKind) {
    case 'token':
      return assetClasses.token;
    case 'whitelist':
      return assetClasses.whitelist;
    case 'securityScheme':
      return assetClasses.securityScheme;
    default:
      return assetClasses.none;
  }
}

function statusOf(row: Pick<ListedTransactionRow, 'receiptStatus'>): TransactionStatus {
  if (row.receiptStatus === null) return 'pending';
  return row.receiptStatus === 1 ? 'mined' : 'reverted';
}

function toListItem(row: ListedTransactionRow, effect: TransactionEffect): AccountTransaction {
  return {
    id: row.id,
    transactionHash: row.transactionHash,
    txType: row.txType,
    typeDescription: describeTxType(row.txType),
    contractAddress: row.contractAddress ?? '',
    publicAddress: row.publicAddress ?? '',
    createdOn: row.createdOn.toISOString(),
    updatedOn: row.updatedOn.toISOString(),
    relatedAssetClassId: assetClassOf(row),
    relatedAssetClassName: row.projectName ?? row.contractName ?? '',
    tokenAddress: row.tokenAddress ?? '',
    tokenSymbol: row.tokenSymbol ?? '',
    status: statusOf(row),
    effect,
  };
}

function receiptFromChain(receipt: ChainReceipt): TransactionReceipt {
  return {
    mined: true,
    blockHash: receipt.blockHash,
    blockNumber: receipt.blockNumber,
    contractAddress: receipt.contractAddress?.toLowerCase() ?? '',
    from: receipt.from.toLowerCase(),
    to: receipt.to?.toLowerCase() ?? '',
    transactionIndex: receipt.index,
    status: receipt.status ?? 0,
    gasUsed: receipt.gasUsed.toString(),
  };
}

function receiptFromRow(row: ReceiptRow): TransactionReceipt {
  return {
    mined: true,
    blockHash: row.blockHash,
    blockNumber: row.blockNumber,
    contractAddress: row.contractAddress ?? '',
    from: row.fromAddress,
    to: row.toAddress ?? '',
    transactionIndex: row.transactionIndex,
    status: row.status,
    gasUsed: row.gasUsed,
  };
}

async function pollChain<T>(ctx: AppContext, read: () => Promise<T | null>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const interval = ctx.chain.local ? 100 : 1000;
  for (;;) {
    const value = await read();
    if (value !== null || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

export function createTransactionsService(ctx: AppContext, options: { lookupTimeoutMs?: number } = {}) {
  const timeoutMs =
    options.lookupTimeoutMs ?? (ctx.chain.local ? chainLookupTimeoutMs.local : chainLookupTimeoutMs.remote);
  const provider = ctx.chain.provider;

  async function transactionOnChain(hash: string): Promise<TransactionResponse> {
    const transaction = await pollChain(ctx, () => provider.getTransaction(hash), timeoutMs);
    if (!transaction) throw new HttpError(400, transactionRecordMessages.notOnChain);
    return transaction;
  }

  async function storeReceipt(receipt: ChainReceipt): Promise<TransactionReceipt> {
    const answer = receiptFromChain(receipt);
    await upsertReceipt(ctx.db, {
      chainId: ctx.chain.chainId,
      transactionHash: receipt.hash.toLowerCase(),
      blockHash: answer.blockHash,
      blockNumber: answer.blockNumber,
      contractAddress: answer.contractAddress || null,
      fromAddress: answer.from,
      toAddress: answer.to || null,
      transactionIndex: answer.transactionIndex,
      status: answer.status,
      gasUsed: answer.gasUsed,
    });
    return answer;
  }

  return {
    /**
     * POST /account/transactions. The transaction must be known to the chain and sent from publicAddress;
     * a contract address must be the one it called, or the one it created. With isUpdate, only sets the
     * contract address of a transaction the account recorded already.
     */
    async record(accountId: number, request: RecordRequest): Promise<AccountTransaction> {
      const hash = request.transactionHash;
      const transaction = await transactionOnChain(hash);
      if (request.isUpdate) {
        if (!(await findAccountTransaction(ctx.db, accountId, hash)))
          throw new HttpError(404, transactionRecordMessages.notRecorded);
        await checkContract(transaction, request.contractAddress);
        const contract = request.contractAddress as string;
        const token = await tokenConcerned(ctx.db, contract, transaction.data);
        await updateTransactionContract(ctx.db, accountId, hash, contract, token);
      } else {
        if (transaction.from.toLowerCase() !== request.publicAddress)
          throw new HttpError(400, transactionRecordMessages.fromMismatch);
        // Only for an address the account controls (a registered key, a sharded key it signs for, a proved wallet).
        if (!(await accessOf(ctx).control({ accountId }, request.publicAddress as string)))
          throw new HttpError(403, transactionRecordMessages.notYourAddress);
        if (request.contractAddress !== null) await checkContract(transaction, request.contractAddress);
        await upsertAccountTransaction(ctx.db, {
          accountId,
          transactionHash: hash,
          txType: request.txType as number,
          contractAddress: request.contractAddress,
          publicAddress: request.publicAddress,
          tokenAddress: await tokenConcerned(ctx.db, request.contractAddress, transaction.data),
        });
      }
      return this.listItem(accountId, hash);
    },

    async listItem(accountId: number, hash: string): Promise<AccountTransaction> {
      const page = await listAccountTransactions(ctx.db, {
        accountId,
        chainId: ctx.chain.chainId,
        limit: 1,
        offset: 0,
        hash,
      });
      const row = page[0];
      if (!row) throw new HttpError(404, transactionRecordMessages.notRecorded);
      const [item] = await present(accountId, [await withReceipt(row)]);
      return item as AccountTransaction;
    },

    /** POST /transactions/hash: the chain must know the transaction. */
    async recordHash(accountId: number, hash: string): Promise<void> {
      await transactionOnChain(hash);
      await insertTransactionHash(ctx.db, accountId, hash);
    },

    /** POST /transactions/receipt: reads the receipt from the chain by hash, stores and answers it. */
    async recordReceipt(accountId: number, hash: string): Promise<TransactionReceipt> {
      await transactionOnChain(hash);
      const receipt = await pollChain(ctx, () => provider.getTransactionReceipt(hash), timeoutMs);
      if (!receipt) throw new HttpError(409, transactionRecordMessages.noReceiptYet);
      await insertTransactionHash(ctx.db, accountId, hash);
      return storeReceipt(receipt);
    },

    /**
     * GET /account/transactions/{page}?kind=&token=&status=: the rows of one txType and one token (the token a row
     * concerns: a distribution's rows sit under its token, issue 34; else the contract it called) are read from the
     * database; their status comes from the stored receipt, or from the chain for a row without one (its receipt is
     * then stored); the page's rows are decoded from their receipts (issue 34).
     */
    async list(
      accountId: number,
      page: number,
      filter: AccountTransactionsFilter = { kind: undefined, token: undefined, status: undefined },
    ): Promise<AccountTransactionsPage> {
      const pageSize = accountTransactionsPageSize;
      const listed = await listAccountTransactions(ctx.db, {
        accountId,
        chainId: ctx.chain.chainId,
        txType: filter.kind,
        contractAddress: filter.token,
      });
      const settled = await Promise.all(listed.map((row) => withReceipt(row, true)));
      const rows =
        filter.status === undefined ? settled : settled.filter((row) => statusOf(row) === filter.status);
      const totalRows = rows.length;
      const totalPages = Math.max(1, Math.ceil(totalRows / pageSize));
      const pageRows = rows.slice((page - 1) * pageSize, page * pageSize);
      const contracts = (await accountTransactionContracts(ctx.db, accountId, ctx.chain.chainId))
        .map((c) => ({ address: c.address, name: c.name ?? '' }))
        .sort((a, b) => (a.name === '' ? 1 : 0) - (b.name === '' ? 1 : 0) || a.name.localeCompare(b.name));
      return {
        totalRows,
        totalPages,
        currentPage: page,
        pageSize,
        pageData: await present(accountId, pageRows),
        contracts,
      };
    },

    /**
     * GET /transactions/{hash}: only a transaction the account recorded. The receipt comes from the chain
     * (and is stored); without one on the chain, the stored one; without either, the empty defaults.
     */
    async detail(accountId: number, hash: string): Promise<TransactionDetail> {
      if (!(await accountKnowsHash(ctx.db, accountId, hash)))
        throw new HttpError(404, transactionRecordMessages.notRecorded);
      const recorded = await findAccountTransaction(ctx.db, accountId, hash);
      const chainReceipt = await provider.getTransactionReceipt(hash);
      let receipt: TransactionReceipt = emptyReceipt;
      if (chainReceipt) receipt = await storeReceipt(chainReceipt);
      else {
        const stored = await findReceipt(ctx.db, ctx.chain.chainId, hash);
        if (stored) receipt = receiptFromRow(stored);
      }
      const confirmations = receipt.mined
        ? Math.max(0, (await ctx.chain.blockNumber()) - receipt.blockNumber + 1)
        : 0;
      const txType = recorded?.txType ?? 0;
      return {
        transactionHash: hash,
        receipt,
        confirmations,
        txType,
        typeDescription: recorded ? describeTxType(txType) : '',
        rulesInForce: await rulesInForce(ctx.db, hash, receipt),
      };
    },
  };

  /**
   * The row with the status of its receipt: a row without a stored one is looked up on the chain (and stored). A
   * deployment recorded without its contract (the server's own, signed before the address was known) gets the
   * created contract's address from the receipt when `fillContract` (My transactions; the answer of a recording
   * keeps the spec's empty contract until the console sends it with isUpdate).
   */
  async function withReceipt(row: ListedTransactionRow, fillContract = false): Promise<ListedTransactionRow> {
    if (row.receiptStatus !== null) return row;
    const receipt = await provider.getTransactionReceipt(row.transactionHash);
    if (!receipt) return row;
    const stored = await storeReceipt(receipt);
    const created = stored.contractAddress;
    if (fillContract && row.contractAddress === null && created !== '') {
      const token = await tokenConcerned(ctx.db, created, null);
      await updateTransactionContract(ctx.db, row.accountId, row.transactionHash, created, token);
      return { ...row, receiptStatus: stored.status, contractAddress: created, tokenAddress: token };
    }
    return { ...row, receiptStatus: stored.status };
  }

  /** The rows as listed, each decoded from its receipt's events for the viewer. */
  async function present(accountId: number, rows: ListedTransactionRow[]): Promise<AccountTransaction[]> {
    const receipts = await Promise.all(
      rows.map((row) =>
        row.receiptStatus === null ? null : provider.getTransactionReceipt(row.transactionHash),
      ),
    );
    const effects = await effectsOf(
      ctx,
      { accountId },
      rows.map((row, index) => ({
        txType: row.txType,
        contractAddress: row.contractAddress,
        receipt: receipts[index] ?? null,
      })),
    );
    return rows.map((row, index) => toListItem(row, effects[index] as TransactionEffect));
  }

  async function checkContract(transaction: TransactionResponse, contractAddress: string | null) {
    if (contractAddress === null) return;
    if (transaction.to !== null) {
      if (transaction.to.toLowerCase() !== contractAddress)
        throw new HttpError(400, transactionRecordMessages.contractMismatch);
      return;
    }
    const receipt = await provider.getTransactionReceipt(transaction.hash);
    if (receipt?.contractAddress && receipt.contractAddress.toLowerCase() !== contractAddress)
      throw new HttpError(400, transactionRecordMessages.contractMismatch);
  }
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
