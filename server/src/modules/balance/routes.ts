import type { BalanceResponse } from '@tranche/api';
import { registerRoute } from '../../http/routing.ts';
import { bytes32Name } from '../../indexer/decode.ts';
import { firstUnconfirmedBlock } from '../../indexer/unconfirmed.ts';
import { paged, requireDeployed } from '../projects/service.ts';
import type { ServerModule } from '../registry.ts';
import {
  balanceHistory,
  balancesAtBlock,
  currentBalances,
  cursorOf,
  unconfirmedPartitions,
} from './repository.ts';

/**
 * GET /balance/{code}/{address}[/{blockNumber}] and GET /balance/history/...: database queries over the
 * indexed events. A block beyond the indexed one answers the balances at the indexed block. A balance changed in a
 * block not final yet (above head - INDEXER_CONFIRMATIONS) is marked unconfirmed.
 */
export const balanceModule: ServerModule = {
  name: 'balance',
  register: (app, ctx) => {
    async function balances(code: string, address: string, blockNumber: number): Promise<BalanceResponse> {
      const token = await requireDeployed(ctx, code);
      const holder = address.toLowerCase();
      const indexed = (await cursorOf(ctx.db, token.contractAddress)) ?? -1;
      const current = blockNumber === 0 || blockNumber >= indexed;
      const rows = current
        ? await currentBalances(ctx.db, token.contractAddress, holder)
        : await balancesAtBlock(ctx.db, token.contractAddress, holder, blockNumber);
      const fromBlock = rows.length > 0 ? await firstUnconfirmedBlock(app, ctx.chain) : null;
      const unconfirmed =
        fromBlock === null
          ? new Set<string>()
          : await unconfirmedPartitions(ctx.db, {
              contractAddress: token.contractAddress,
              holder,
              fromBlock,
              atBlock: current ? null : blockNumber,
            });
      return {
        blockNumber: current ? Math.max(indexed, 0) : blockNumber,
        balances: rows.map((row) => ({
          partition: row.partition,
          partitionName: bytes32Name(row.partition),
          balance: row.balance,
          unconfirmed: unconfirmed.has(row.partition),
        })),
      };
    }
    registerRoute(app, ctx, 'getBalance', async ({ params }) => balances(params.code, params.address, 0));
    registerRoute(app, ctx, 'getBalanceAtBlock', async ({ params }) =>
      balances(params.code, params.address, params.blockNumber),
    );
    registerRoute(app, ctx, 'balanceHistory', async ({ params, query }) => {
      const token = await requireDeployed(ctx, params.code);
      const { rows, totalRows } = await balanceHistory(ctx.db, {
        contractAddress: token.contractAddress,
        holder: params.address.toLowerCase(),
        from: Math.min(params.fromTimestamp, params.toTimestamp),
        to: Math.max(params.fromTimestamp, params.toTimestamp),
        page: query.page,
        pageSize: query.pageSize,
        sort: query.sort,
        order: query.order,
      });
      return paged(
        rows.map((row) => ({
          balance: row.balance,
          delta: row.delta,
          partition: row.partition,
          partitionName: bytes32Name(row.partition),
          blockTimestamp: row.blockTimestamp,
          blockNumber: row.blockNumber,
          blockDate: new Date(row.blockTimestamp * 1000).toISOString(),
          transactionHash: row.transactionHash,
        })),
        totalRows,
        query.page,
        query.pageSize,
      );
    });
  },
};
