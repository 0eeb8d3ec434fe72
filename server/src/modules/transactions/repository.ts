import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { deployedContracts } from '../../db/schema.ts';
import { projects } from '../projects/schema.ts';
import { whitelistAddresses, whitelists } from '../whitelists/schema.ts';
import { accountTransactions, transactionHashes, transactionReceipts } from './schema.ts';

export type AccountTransactionRow = typeof accountTransactions.$inferSelect;
export type ReceiptRow = typeof transactionReceipts.$inferSelect;

/** A recorded transaction with what the platform knows of its contract. */
export type ListedTransactionRow = AccountTransactionRow & {
  contractKind: string | null;
  contractName: string | null;
  projectName: string | null;
  receiptStatus: number | null;
  /** The symbol of the token the row concerns (its project code), null when it concerns none the platform knows. */
  tokenSymbol: string | null;
};

/** The token a row concerns for the filter: the recorded one, else the called contract (issue 34). */
const concernedAddress = sql<string>`coalesce(${accountTransactions.tokenAddress}, ${accountTransactions.contractAddress})`;
const tokenProjects = alias(projects, 'token_projects');

/** Inserts the account's transaction, or refreshes its type and addresses when the hash is recorded already. */
export async function upsertAccountTransaction(
  db: Database,
  values: {
    accountId: number;
    transactionHash: string;
    txType: number;
    contractAddress: string | null;
    publicAddress: string | null;
    tokenAddress: string | null;
  },
): Promise<AccountTransactionRow> {
  const [row] = await db
    .insert(accountTransactions)
    .values(values)
    .onConflictDoUpdate({
      target: [accountTransactions.accountId, accountTransactions.transactionHash],
      set: {
        txType: values.txType,
        contractAddress: sql`coalesce(excluded.contract_address, ${accountTransactions.contractAddress})`,
        publicAddress: sql`coalesce(excluded.public_address, ${accountTransactions.publicAddress})`,
        tokenAddress: sql`coalesce(excluded.token_address, ${accountTransactions.tokenAddress})`,
        updatedOn: new Date(),
      },
    })
    .returning();
  if (!row) throw new Error('The transaction was not recorded');
  return row;
}

/** Sets the contract address of a recorded transaction; answers undefined when the account has no such row. */
export async function updateTransactionContract(
  db: Database,
  accountId: number,
  transactionHash: string,
  contractAddress: string,
  tokenAddress: string | null = null,
): Promise<AccountTransactionRow | undefined> {
  const [row] = await db
    .update(accountTransactions)
    .set({
      contractAddress,
      tokenAddress: sql`coalesce(${tokenAddress}, ${accountTransactions.tokenAddress})`,
      updatedOn: new Date(),
    })
    .where(
      and(
        eq(accountTransactions.accountId, accountId),
        eq(accountTransactions.transactionHash, transactionHash),
      ),
    )
    .returning();
  return row;
}

export async function findAccountTransaction(
  db: Database,
  accountId: number,
  transactionHash: string,
): Promise<AccountTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(accountTransactions)
    .where(
      and(
        eq(accountTransactions.accountId, accountId),
        eq(accountTransactions.transactionHash, transactionHash),
      ),
    )
    .limit(1);
  return row;
}

export async function insertTransactionHash(
  db: Database,
  accountId: number,
  transactionHash: string,
): Promise<void> {
  await db.insert(transactionHashes).values({ accountId, transactionHash }).onConflictDoNothing();
}

/** True when the account recorded the hash (as its transaction or as a registered hash). */
export async function accountKnowsHash(db: Database, accountId: number, transactionHash: string) {
  if (await findAccountTransaction(db, accountId, transactionHash)) return true;
  const [row] = await db
    .select({ id: transactionHashes.id })
    .from(transactionHashes)
    .where(
      and(eq(transactionHashes.accountId, accountId), eq(transactionHashes.transactionHash, transactionHash)),
    )
    .limit(1);
  return row !== undefined;
}

export async function countAccountTransactions(db: Database, accountId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(accountTransactions)
    .where(eq(accountTransactions.accountId, accountId));
  return row?.total ?? 0;
}

/**
 * The account's transactions, newest first, with the contract's kind and name when known, the symbol of the token
 * they concern and the status of the stored receipt (null when none is stored yet): one page (limit, offset), one
 * hash, or every row of one txType and one token (the token a row concerns, else the contract it called).
 */
export async function listAccountTransactions(
  db: Database,
  options: {
    accountId: number;
    chainId: number;
    limit?: number;
    offset?: number;
    hash?: string;
    txType?: number;
    contractAddress?: string;
  },
): Promise<ListedTransactionRow[]> {
  const query = db
    .select({
      id: accountTransactions.id,
      accountId: accountTransactions.accountId,
      transactionHash: accountTransactions.transactionHash,
      txType: accountTransactions.txType,
      contractAddress: accountTransactions.contractAddress,
      publicAddress: accountTransactions.publicAddress,
      tokenAddress: accountTransactions.tokenAddress,
      createdOn: accountTransactions.createdOn,
      updatedOn: accountTransactions.updatedOn,
      contractKind: deployedContracts.kind,
      contractName: deployedContracts.name,
      projectName: projects.projectName,
      receiptStatus: transactionReceipts.status,
      tokenSymbol: tokenProjects.projectCode,
    })
    .from(accountTransactions)
    .leftJoin(
      deployedContracts,
      and(
        eq(deployedContracts.chainId, options.chainId),
        eq(deployedContracts.address, accountTransactions.contractAddress),
      ),
    )
    .leftJoin(projects, eq(projects.contractAddress, accountTransactions.contractAddress))
    .leftJoin(tokenProjects, eq(tokenProjects.contractAddress, accountTransactions.tokenAddress))
    .leftJoin(
      transactionReceipts,
      and(
        eq(transactionReceipts.chainId, options.chainId),
        eq(transactionReceipts.transactionHash, accountTransactions.transactionHash),
      ),
    )
    .where(
      and(
        eq(accountTransactions.accountId, options.accountId),
        options.hash === undefined ? undefined : eq(accountTransactions.transactionHash, options.hash),
        options.txType === undefined ? undefined : eq(accountTransactions.txType, options.txType),
        options.contractAddress === undefined ? undefined : eq(concernedAddress, options.contractAddress),
      ),
    )
    .orderBy(desc(accountTransactions.id))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.offset !== undefined) query.offset(options.offset);
  return query;
}

/**
 * Every token the account's transactions concern, and every contract they called or created that concerns no token
 * (issue 34: a distribution's rows sit under its token, not under the Distributor), with its name when the platform
 * knows it.
 */
export async function accountTransactionContracts(
  db: Database,
  accountId: number,
  chainId: number,
): Promise<{ address: string; name: string | null }[]> {
  return db
    .selectDistinct({
      address: concernedAddress,
      name: sql<string | null>`coalesce(${projects.projectName}, ${deployedContracts.name})`,
    })
    .from(accountTransactions)
    .leftJoin(
      deployedContracts,
      and(eq(deployedContracts.chainId, chainId), eq(deployedContracts.address, concernedAddress)),
    )
    .leftJoin(projects, eq(projects.contractAddress, concernedAddress))
    .where(and(eq(accountTransactions.accountId, accountId), isNotNull(concernedAddress)));
}

export async function findReceipt(
  db: Database,
  chainId: number,
  transactionHash: string,
): Promise<ReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(transactionReceipts)
    .where(
      and(eq(transactionReceipts.chainId, chainId), eq(transactionReceipts.transactionHash, transactionHash)),
    )
    .limit(1);
  return row;
}

/** Stores (or refreshes, after a reorg) the chain's receipt of a transaction. */
export async function upsertReceipt(
  db: Database,
  values: Omit<ReceiptRow, 'id' | 'recordedOn'>,
): Promise<void> {
  await db
    .insert(transactionReceipts)
    .values(values)
    .onConflictDoUpdate({
      target: [transactionReceipts.chainId, transactionReceipts.transactionHash],
      set: {
        blockHash: values.blockHash,
        blockNumber: values.blockNumber,
        contractAddress: values.contractAddress,
        fromAddress: values.fromAddress,
        toAddress: values.toAddress,
        transactionIndex: values.transactionIndex,
        status: values.status,
        gasUsed: values.gasUsed,
        recordedOn: new Date(),
      },
    });
}

/**
 * Points every account's records of `dropped` at `mined`: the server answered an operation with the hash of a
 * transaction that a replacement with a higher fee took the place of (chain/reconcile.ts). An account that already
 * holds `mined` keeps its own row.
 */
export async function followReplacedTransaction(db: Database, dropped: string, mined: string): Promise<void> {
  const from = dropped.toLowerCase();
  const to = mined.toLowerCase();
  // The subqueries name the updated table's columns by hand (drizzle qualifies them in an update, not in a one-table
  // select: an unqualified column there is the subquery's own).
  await db
    .update(accountTransactions)
    .set({ transactionHash: to, updatedOn: new Date() })
    .where(
      and(
        eq(accountTransactions.transactionHash, from),
        sql`not exists (select 1 from account_transactions other where other.account_id = account_transactions.account_id and other.transaction_hash = ${to})`,
      ),
    );
  await db
    .update(transactionHashes)
    .set({ transactionHash: to })
    .where(
      and(
        eq(transactionHashes.transactionHash, from),
        sql`not exists (select 1 from transaction_hashes other where other.account_id = transaction_hashes.account_id and other.transaction_hash = ${to})`,
      ),
    );
}

/**
 * The legal names the whitelists' saved records give the holders, keyed '<whitelist> <holder>' lower-cased; the
 * addresses are compared lower-cased, whichever spelling was stored.
 */
export async function whitelistedNames(
  db: Database,
  whitelistAddressList: string[],
  holders: string[],
): Promise<Map<string, string>> {
  if (whitelistAddressList.length === 0 || holders.length === 0) return new Map();
  const whitelist = sql<string>`lower(${whitelists.address})`;
  const holder = sql<string>`lower(${whitelistAddresses.publicAddress})`;
  const rows = await db
    .select({ whitelist, holder, legalName: whitelistAddresses.legalName })
    .from(whitelistAddresses)
    .innerJoin(whitelists, eq(whitelists.id, whitelistAddresses.whitelistId))
    .where(
      and(
        inArray(
          whitelist,
          whitelistAddressList.map((a) => a.toLowerCase()),
        ),
        inArray(
          holder,
          holders.map((a) => a.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((row) => [`${row.whitelist} ${row.holder}`, row.legalName]));
}
