import type { RuleInForce, TransactionDetail } from '@tranche/api';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { bytes32Name } from '../../indexer/decode.ts';
import { projects } from '../projects/schema.ts';

/**
 * The compliance rules a mined transaction met (issue 38): for the token it was sent to (or deployed), the newest
 * RulesSet of each scope the indexer recorded before it (earlier blocks, and earlier in its block than its own
 * first event). A scope whose newest rule turns every limit off has none.
 */

const zeroScope = `0x${'0'.repeat(64)}`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A bytes2 hex country ('0x4652') as its letters ('FR'). */
const countryLetters = (hex: string) => Buffer.from(hex.slice(2), 'hex').toString('latin1');

type RuleRow = { scope: string; block: number; transaction: string; details: Record<string, string> };

function ruleOf(row: RuleRow): RuleInForce {
  const d = row.details;
  const mode = Number(d.countryMode ?? 0);
  return {
    scope: row.scope === zeroScope ? 'token' : bytes32Name(row.scope),
    setAtBlock: row.block,
    setBy: row.transaction,
    maxHolders: Number(d.maxHolders ?? 0),
    lockupUntil: Number(d.lockupUntil ?? 0),
    minHolding: String(d.minHolding ?? '0'),
    maxHolding: String(d.maxHolding ?? '0'),
    countries:
      mode === 0
        ? null
        : {
            mode: mode === 1 ? 'allow' : 'deny',
            list: String(d.countries ?? '')
              .split(',')
              .filter((c) => c !== '')
              .map(countryLetters),
          },
  };
}

const isOff = (rule: RuleInForce) =>
  rule.maxHolders === 0 &&
  rule.lockupUntil === 0 &&
  rule.minHolding === '0' &&
  rule.maxHolding === '0' &&
  rule.countries === null;

export async function rulesInForce(
  db: Database,
  hash: string,
  receipt: TransactionDetail['receipt'],
): Promise<TransactionDetail['rulesInForce']> {
  if (!receipt.mined) return null;
  const address = (receipt.contractAddress || receipt.to).toLowerCase();
  if (address === '') return null;
  const [token] = await db
    .select({ symbol: projects.projectCode })
    .from(projects)
    .where(eq(projects.contractAddress, address))
    .limit(1);
  if (!token) return null;
  const block = receipt.blockNumber;
  const rows = rowsOf<RuleRow>(
    await db.execute(sql`
      select distinct on (details ->> 'scope') details ->> 'scope' as scope, block_number::int as block,
        transaction_hash as transaction, details
      from token_events
      where contract_address = ${address} and event = 'RulesSet' and (block_number < ${block}
        or (block_number = ${block} and log_index < coalesce((select min(log_index) from token_events
          where contract_address = ${address} and transaction_hash = ${hash.toLowerCase()}), -1)))
      order by details ->> 'scope', block_number desc, log_index desc`),
  );
  const rules = rows
    .map(ruleOf)
    .filter((rule) => !isOff(rule))
    .sort((a, b) => (a.scope === 'token' ? -1 : b.scope === 'token' ? 1 : a.scope.localeCompare(b.scope)));
  return { symbol: token.symbol, blockNumber: block, rules };
}
