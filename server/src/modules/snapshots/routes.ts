import { toCsv } from '@tranche/api';
import { bytes32Name } from '../../indexer/decode.ts';
import { registerRoute } from '../../http/routing.ts';
import { paged, requireDeployed } from '../projects/service.ts';
import type { ServerModule } from '../registry.ts';
import { registerPdf } from './pdf.ts';
import { listSnapshotsOf, snapshotRowsOf } from './repository.ts';
import { canSeeInvestorNames, createSnapshot, requireSnapshot, snapshotSummary } from './service.ts';

/**
 * Record-date registers: POST /snapshots, GET /snapshots/list/{symbol}, GET /snapshots/{id} (rows paged),
 * GET /snapshots/{id}/csv and /pdf. Names only for callers `canSeeInvestorNames` allows.
 */
export const snapshotsModule: ServerModule = {
  name: 'snapshots',
  register: (app, ctx) => {
    registerRoute(app, ctx, 'createSnapshot', async ({ body, session }) =>
      createSnapshot(ctx, session.accountId, body),
    );
    registerRoute(app, ctx, 'listSnapshots', async ({ params }) => {
      const token = await requireDeployed(ctx, params.symbol);
      return (await listSnapshotsOf(ctx.db, token.contractAddress)).map(snapshotSummary);
    });

    async function loadWithRows(id: number, accountId: number, range?: { offset: number; limit: number }) {
      const snapshot = await requireSnapshot(ctx, id);
      const token = await requireDeployed(ctx, snapshot.symbol);
      const namesVisible = await canSeeInvestorNames(ctx, accountId, token);
      const rows = (await snapshotRowsOf(ctx.db, snapshot, range)).map((row) => ({
        holderAddress: row.holder,
        partition: row.partition,
        partitionName: bytes32Name(row.partition),
        balance: row.balance,
        legalName: namesVisible ? row.legalName : null,
      }));
      return { snapshot, token, namesVisible, rows };
    }

    registerRoute(app, ctx, 'getSnapshot', async ({ params, query, session }) => {
      const { snapshot, namesVisible, rows } = await loadWithRows(params.id, session.accountId, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        ...snapshotSummary(snapshot),
        namesVisible,
        rowsPage: paged(rows, snapshot.rowCount, query.page, query.pageSize),
      };
    });
    registerRoute(app, ctx, 'snapshotCsv', async ({ params, session, reply }) => {
      const { snapshot, namesVisible, rows } = await loadWithRows(params.id, session.accountId);
      const header = [
        'address',
        'partition',
        'partitionName',
        'balance',
        ...(namesVisible ? ['legalName'] : []),
      ];
      const csv = toCsv(
        header,
        rows.map((row) => [
          row.holderAddress,
          row.partition,
          row.partitionName,
          row.balance,
          ...(namesVisible ? [row.legalName] : []),
        ]),
        '\n',
      );
      await reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${snapshot.symbol}-register-${snapshot.blockNumber}.csv"`,
        )
        .send(csv);
      return null;
    });
    registerRoute(app, ctx, 'snapshotPdf', async ({ params, session, reply }) => {
      const { snapshot, token, namesVisible, rows } = await loadWithRows(params.id, session.accountId);
      const pdf = await registerPdf({
        symbol: snapshot.symbol,
        tokenName: token.projectName,
        contractAddress: snapshot.contractAddress,
        partitionName: snapshot.partition ? bytes32Name(snapshot.partition) : 'All partitions',
        blockNumber: snapshot.blockNumber,
        blockTime: new Date(snapshot.blockTimestamp * 1000).toISOString(),
        holders: snapshot.holders,
        rows,
        total: snapshot.total,
        merkleRoot: snapshot.merkleRoot,
        namesVisible,
      });
      await reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${snapshot.symbol}-register-${snapshot.blockNumber}.pdf"`,
        )
        .send(pdf);
      return null;
    });
  },
};
