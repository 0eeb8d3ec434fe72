import { distributorArtifact } from '@tranche/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { Interface } from 'ethers';
import type { Database } from '../../db/database.ts';
import { distributions } from '../distributions/schema.ts';
import { projects } from '../projects/schema.ts';
import { snapshots } from '../snapshots/schema.ts';

const distributorInterface = new Interface(distributorArtifact.abi);

/**
 * The terms a Distributor call carries (fund, claim, push, reclaim all take them first), or undefined when the data
 * is not a Distributor call.
 */
function distributorTerms(callData: string): { nonce: bigint; root: string } | undefined {
  try {
    const parsed = distributorInterface.parseTransaction({ data: callData });
    const terms = parsed?.args[0] as { nonce?: bigint; root?: string } | undefined;
    if (terms?.nonce === undefined || terms.root === undefined) return undefined;
    return { nonce: terms.nonce, root: terms.root };
  } catch {
    return undefined;
  }
}

/**
 * The token a recorded transaction concerns (issue 34: My transactions' token filter, its CSV and its Token column),
 * lower-cased, or null when it concerns none: the token itself when the called contract is a token of the platform;
 * for a call of the Distributor (funding, claim, push, reclaim), the token of the distribution its terms name (the
 * terms' nonce is the distribution's id, their root its Merkle root).
 */
export async function tokenConcerned(
  db: Database,
  contractAddress: string | null,
  callData: string | null | undefined,
): Promise<string | null> {
  if (!contractAddress) return null;
  const [token] = await db
    .select({ address: projects.contractAddress })
    .from(projects)
    .where(sql`lower(${projects.contractAddress}) = ${contractAddress}`)
    .limit(1);
  if (token) return contractAddress;
  const terms = callData ? distributorTerms(callData) : undefined;
  if (!terms || terms.nonce > 2_147_483_647n) return null;
  const [row] = await db
    .select({ token: snapshots.contractAddress })
    .from(distributions)
    .innerJoin(snapshots, eq(snapshots.id, distributions.snapshotId))
    .where(
      and(
        eq(distributions.id, Number(terms.nonce)),
        sql`lower(${distributions.distributorAddress}) = ${contractAddress}`,
        sql`lower(${distributions.merkleRoot}) = ${terms.root.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row ? row.token.toLowerCase() : null;
}
