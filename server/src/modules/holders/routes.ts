import { encodeBytes32String, isHexString } from 'ethers';
import { registerRoute } from '../../http/routing.ts';
import { paged, requireDeployed } from '../projects/service.ts';
import type { ServerModule } from '../registry.ts';
import { holdersPage } from './repository.ts';

/** A partition given by name (at most 31 bytes) or as its bytes32 hex; undefined when neither. */
export function partitionValue(partition: string): string | undefined {
  const text = partition.trim();
  if (isHexString(text, 32)) return text.toLowerCase();
  try {
    return encodeBytes32String(text);
  } catch {
    return undefined;
  }
}

/** GET /holders/{code}/{partition}: a page of the partition's holders from the indexed balances. */
export const holdersModule: ServerModule = {
  name: 'holders',
  register: (app, ctx) => {
    registerRoute(app, ctx, 'listHolders', async ({ params, query }) => {
      const token = await requireDeployed(ctx, params.code);
      const partition = partitionValue(params.partition);
      if (!partition) return paged([], 0, query.page, query.pageSize);
      const { rows, totalRows } = await holdersPage(ctx.db, {
        contractAddress: token.contractAddress,
        whitelistAddress: token.whitelistAddress,
        partition,
        page: query.page,
        pageSize: query.pageSize,
        sort: query.sort,
        order: query.order,
      });
      return paged(
        rows.map((row) => ({
          holderAddress: row.holder,
          balance: row.balance,
          legalName: row.legalName,
          verificationTransactionHash: row.verificationTransactionHash,
        })),
        totalRows,
        query.page,
        query.pageSize,
      );
    });
  },
};
