import type { BalanceReport, TokenBalanceReport } from '@tranche/api';
import { fromBytes32Name, securityTokenArtifact } from '@tranche/contracts';
import { Contract } from 'ethers';
import type { AppContext } from '../../context.ts';
import { listDeployedProjects, type ProjectRow } from '../projects/repository.ts';
import { projectStatus } from '../projects/schema.ts';
import { indexedBalances, partitionDescriptions } from './repository.ts';

const statusDescriptions: Record<number, string> = {
  [projectStatus.draft]: 'Draft',
  [projectStatus.deployed]: 'Deployed',
};

/** Tokens read from the chain at once; the rest wait (a node answers many small calls better in batches). */
const concurrency = 8;

function partitionName(value: string): string {
  try {
    return fromBytes32Name(value);
  } catch {
    return value;
  }
}

/**
 * GET /balanceof/{address}: every deployed token the address holds, with its non-zero balance in each
 * partition. Balances are read from the token contracts at one block (the chain is the source of truth, so
 * the report is exact even while the event indexer catches up). With `confirmations` > 0 a balance is unconfirmed
 * when it changed in a block above head - confirmations, or when the indexer has not read its change yet (the
 * chain's balance differs from the indexed one): one more query for all tokens.
 */
export async function balanceReport(
  ctx: AppContext,
  holder: string,
  confirmations: number,
): Promise<BalanceReport> {
  const [projects, descriptions, blockTag] = await Promise.all([
    listDeployedProjects(ctx.db),
    partitionDescriptions(ctx.db),
    ctx.chain.blockNumber(),
  ]);
  const indexed =
    confirmations > 0
      ? await indexedBalances(ctx.db, {
          contractAddresses: projects.map((project) => (project.contractAddress as string).toLowerCase()),
          holder: holder.toLowerCase(),
          fromBlock: blockTag - confirmations + 1,
        })
      : undefined;
  const unconfirmed = (contractAddress: string, partition: string, balance: bigint): boolean => {
    if (!indexed) return false;
    const known = indexed.get(`${contractAddress.toLowerCase()}:${partition.toLowerCase()}`);
    return !known || known.recent || known.balance !== balance;
  };

  async function tokenReport(project: ProjectRow): Promise<TokenBalanceReport | null> {
    const contractAddress = project.contractAddress as string;
    const token = new Contract(contractAddress, securityTokenArtifact.abi, ctx.chain.provider);
    const held = (await token.getFunction('partitionsOf').staticCall(holder, { blockTag })) as string[];
    const balances = await Promise.all(
      held.map(async (partition) => ({
        partition,
        balance: (await token
          .getFunction('balanceOfByPartition')
          .staticCall(partition, holder, { blockTag })) as bigint,
      })),
    );
    const balanceInfo = balances
      .filter((entry) => entry.balance > 0n)
      .map((entry) => {
        const name = partitionName(entry.partition);
        return {
          partition: name,
          description: descriptions.get(entry.partition.toLowerCase()) ?? name,
          balance: entry.balance.toString(),
          unconfirmed: unconfirmed(contractAddress, entry.partition, entry.balance),
        };
      });
    if (balanceInfo.length === 0) return null;
    return {
      projectCode: project.projectCode,
      projectName: project.projectName,
      contractAddress,
      projectStatusDescription: statusDescriptions[project.status] ?? `Status ${project.status}`,
      balanceInfo,
    };
  }

  const reports: (TokenBalanceReport | null)[] = [];
  for (let start = 0; start < projects.length; start += concurrency) {
    const batch = projects.slice(start, start + concurrency);
    reports.push(...(await Promise.all(batch.map(tokenReport))));
  }
  return reports
    .filter((report): report is TokenBalanceReport => report !== null)
    .sort((a, b) => a.projectCode.localeCompare(b.projectCode));
}
