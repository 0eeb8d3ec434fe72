import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { partitionHolderCounts } from '../tokens/schema.ts';

export type HolderSort = 'balance' | 'holderAddress' | 'legalName';

/**
 * A page of the holders of a partition (non-zero balances) with the legal name of their whitelist record (the
 * whitelists module's table) and the transaction that verified each in the token's whitelist.
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
  // Matches token_balances_ranking_idx (balance desc nulls last, holder) forwards or backwards.
  const order =
    input.sort === 'balance'
      ? sql.raw(
          input.order === 'asc'
            ? 'balance asc nulls first, holder desc'
            : 'balance desc nulls last, holder asc',
        )
      : sql.raw(`holder ${input.order}`);
  const [counted] = await db
    .select({ n: partitionHolderCounts.holders })
    .from(partitionHolderCounts)
    .where(
      and(
        eq(partitionHolderCounts.contractAddress, input.contractAddress),
        eq(partitionHolderCounts.partition, input.partition),
      ),
    );
  // The page is chosen first (index order, limit), then only its rows are joined to their verification.
  const result = await db.execute(sql`
    select page.holder, page.balance, record.legal_name as "legalName",
      coalesce(v.transaction_hash, record.transaction_hash) as "verificationTransactionHash"
    from (
      select holder, balance from token_balances
      where contract_address = ${input.contractAddress} and partition = ${input.partition} and balance > 0
      order by ${order}
      limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}
    ) page
    left join whitelist_verifications v
      on v.whitelist_address = ${input.whitelistAddress ?? ''} and v.account = page.holder and v.verified
    left join lateral (
      select wa.legal_name, wa.transaction_hash from whitelist_addresses wa
      join whitelists w on w.id = wa.whitelist_id
      where w.address = ${input.whitelistAddress ?? ''} and wa.public_address = page.holder
      limit 1
    ) record on true
    order by ${order}`);
  const rows = (
    result as unknown as {
      rows: {
        holder: string;
        balance: string;
        legalName: string | null;
        verificationTransactionHash: string | null;
      }[];
    }
  ).rows.map((row) => ({ ...row, balance: String(row.balance) }));
  return { rows, totalRows: counted?.n ?? 0 };
}
