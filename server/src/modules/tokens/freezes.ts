import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';

/**
 * Enforcement of a version 2 token as the index holds it (issue 36's events, stored by indexer/eventRows.ts with the
 * address concerned in from_address), at any block: "freezes at block N" is this query.
 */

/** The enforcement events the indexer records, in the order of the contract's declarations. */
export const enforcementEvents = [
  'AddressFrozen',
  'TokensFrozen',
  'TokensUnfrozen',
  'RecoverySuccess',
  'Frozen',
  'ForcedTransfer',
  'FrozenByPartition',
] as const;

export type EnforcementAt = {
  blockNumber: number;
  /** Addresses frozen at the block (neither send nor receive). */
  frozenAddresses: string[];
  /** Non-zero frozen amounts per address and partition (bytes32 hex) at the block. */
  frozenTokens: { address: string; partition: string; frozen: string }[];
  /** Recoveries mined at or before the block: the lost address (refused for ever) and the new one. */
  recoveries: { lostAddress: string; newAddress: string; blockNumber: number; transactionHash: string }[];
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Which addresses and amounts of the token at `contractAddress` were frozen, and which recovered, at `blockNumber`. */
export async function enforcementAt(
  db: Database,
  contractAddress: string,
  blockNumber: number,
): Promise<EnforcementAt> {
  const contract = contractAddress.toLowerCase();
  const upTo = sql`contract_address = ${contract} and block_number <= ${blockNumber}`;
  const [addresses, tokens, recoveries] = await Promise.all([
    db.execute(sql`
      select address from (
        select distinct on (from_address) from_address as address, details ->> 'frozen' as frozen
        from token_events where ${upTo} and event = 'AddressFrozen'
        order by from_address, block_number desc, log_index desc) latest
      where frozen = 'true' order by address`),
    db.execute(sql`
      select address, partition, frozen from (
        select distinct on (from_address, partition) from_address as address, partition, amount::text as frozen
        from token_events where ${upTo} and event = 'FrozenByPartition'
        order by from_address, partition, block_number desc, log_index desc) latest
      where frozen <> '0' order by address, partition`),
    db.execute(sql`
      select from_address as "lostAddress", to_address as "newAddress", block_number::int as "blockNumber",
        transaction_hash as "transactionHash"
      from token_events where ${upTo} and event = 'RecoverySuccess' order by block_number, log_index`),
  ]);
  return {
    blockNumber,
    frozenAddresses: rowsOf<{ address: string }>(addresses).map((row) => row.address),
    frozenTokens: rowsOf<EnforcementAt['frozenTokens'][number]>(tokens),
    recoveries: rowsOf<EnforcementAt['recoveries'][number]>(recoveries),
  };
}
