import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../AppContext';
import { createSqliteParcelRepository } from '../../../store/parcels/createSqliteParcelRepository';
import { parcelSearchRoutes } from './parcelSearchRoutes';
import { parcelDetailRoutes } from './parcelDetailRoutes';
import { parcelTileRoutes } from './parcelTileRoutes';

/** Search, parcel details and vector tiles under /v1/secure/maps (spec §7). */
export async function parcelRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const parcels = createSqliteParcelRepository(ctx.db);
  // Load the in-memory search columns at start (seconds for the whole country), not on the first search.
  app.addHook('onReady', async () => {
    parcels.hasDataset();
  });
  await parcelSearchRoutes(app, ctx, parcels);
  await parcelDetailRoutes(app, ctx, parcels);
  await parcelTileRoutes(app, ctx, parcels);
}
