import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../AppContext';
import { parcelSearchRoutes } from './parcelSearchRoutes';
import { parcelDetailRoutes } from './parcelDetailRoutes';
import { parcelTileRoutes } from './parcelTileRoutes';

/** Search, parcel details and vector tiles under /v1/secure/maps (spec §7). */
export async function parcelRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Load the in-memory search columns at start (seconds for the whole country), not on the first search.
  app.addHook('onReady', async () => {
    ctx.parcels.hasDataset();
  });
  await parcelSearchRoutes(app, ctx);
  await parcelDetailRoutes(app, ctx);
  await parcelTileRoutes(app, ctx);
}
