import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { tokenBalances, whitelistVerifications } from '../tokens/schema.ts';

export type HolderSort = 'balance' | 'holderAddress' | 'legalName';

/**
 * A page of the holders of a partition (non-zero balances) with the transaction that verified each in the
 * token's whitelist.
 */
export async function holdersPage(
  db: Database,
  input: {
    contractAddress: string;
    whitelistAddress: string | null;
    partition: string;
    page: number;
    pageSize: number;
    sort: HolderSort;
    order: 'asc' | 'desc';
  },
) {
  const where = and(
    eq(tokenBalances.contractAddress, input.contractAddress),
    eq(tokenBalances.partition, input.partition),
    gt(tokenBalances.balance, '0'),
  );
  const direction = input.order === 'asc' ? asc : desc;
  const primary = input.sort === 'balance' ? tokenBalances.balance : tokenBalances.holder;
  const [total] = await db.select({ n: count() }).from(tokenBalances).where(where);
  const rows = await db
    .select({
      holder: tokenBalances.holder,
      balance: tokenBalances.balance,
      verificationTransactionHash: whitelistVerifications.transactionHash,
    })
    .from(tokenBalances)
    .leftJoin(
      whitelistVerifications,
      and(
        eq(whitelistVerifications.whitelistAddress, input.whitelistAddress ?? ''),
        eq(whitelistVerifications.account, tokenBalances.holder),
        eq(whitelistVerifications.verified, true),
      ),
    )
    .where(where)
    .orderBy(direction(primary), direction(tokenBalances.holder))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { rows, totalRows: total?.n ?? 0 };
}

/** Every holder of a partition, biggest first (for exports). */
export async function allHolders(db: Database, contractAddress: string, partition: string) {
  return db
    .select({ holder: tokenBalances.holder, balance: tokenBalances.balance })
    .from(tokenBalances)
    .where(
      and(
        eq(tokenBalances.contractAddress, contractAddress),
        eq(tokenBalances.partition, partition),
        gt(tokenBalances.balance, '0'),
      ),
    )
    .orderBy(desc(tokenBalances.balance), asc(tokenBalances.holder));
}
