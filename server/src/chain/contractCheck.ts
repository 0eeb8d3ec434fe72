import type { Database } from '../db/database.ts';
import { deployedContracts } from '../db/schema.ts';
import { StartupError } from '../errors.ts';
import type { ChainService } from './chainService.ts';

/**
 * Checks that every contract the database knows is on this chain with code. A reset dev chain or a database
 * made against another network would otherwise leave the platform pointing at contracts that do not exist.
 * `remedy` says what to do (it depends on how the server was started).
 */
export async function checkKnownContracts(
  db: Database,
  chain: ChainService,
  remedy: string,
): Promise<number> {
  const rows = await db.select().from(deployedContracts);
  const otherChain = rows.find((row) => row.chainId !== chain.chainId);
  if (otherChain) {
    throw new StartupError(
      `The database holds contracts of chain ${otherChain.chainId} but the chain at ${chain.rpcUrl} has id ${chain.chainId}. ${remedy}`,
    );
  }
  const missing: typeof rows = [];
  for (const row of rows) {
    if (!(await chain.hasCode(row.address))) missing.push(row);
  }
  const first = missing[0];
  if (first) {
    throw new StartupError(
      `The database knows ${missing.length} contract(s) with no code on the chain at ${chain.rpcUrl} (first: ${first.kind} "${first.name}" at ${first.address}): the chain was reset or is not the one this database was made with. ${remedy}`,
    );
  }
  return rows.length;
}
