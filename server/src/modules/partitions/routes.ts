import { partitionMessages } from '@tranche/api';
import { encodeBytes32String } from 'ethers';
import { HttpError } from '../../errors.ts';
import { registerRoute } from '../../http/routing.ts';
import type { ServerModule } from '../registry.ts';
import { insertPartition, listPartitions } from './repository.ts';

/** GET /partitions and POST /partitions: the partitions users pick from when issuing. */
export const partitionsModule: ServerModule = {
  name: 'partitions',
  register: (app, ctx) => {
    registerRoute(app, ctx, 'listPartitions', async () =>
      (await listPartitions(ctx.db)).map(({ name, description }) => ({ name, description })),
    );
    registerRoute(app, ctx, 'createPartition', async ({ body }) => {
      const row = await insertPartition(ctx.db, { ...body, value: encodeBytes32String(body.name) });
      if (!row) throw new HttpError(409, partitionMessages.exists);
      return { name: row.name, description: row.description };
    });
  },
};
