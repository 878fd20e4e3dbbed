import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../AppContext';
import { requireRole } from '../../../http/requireRole';
import { TILE_SOURCE_LAYERS } from '../../../../src/contract/VectorTiles';
import { parseSearchQuery, SearchInputError, type RawQuery } from '../../../services/search/parseSearchQuery';
import type { TileKind } from '../../../services/tiles/TileService';
import { searchQuerystringSchema } from './searchQuerystringSchema';
import { sendEncodedTile } from '../tileReply';

const tileQuerystringSchema = {
  ...searchQuerystringSchema,
  required: ['x', 'y', 'z'],
  properties: {
    ...searchQuerystringSchema.properties,
    x: { type: 'integer', minimum: 0 },
    y: { type: 'integer', minimum: 0 },
    z: { type: 'integer', minimum: 0, maximum: 30 },
  },
} as const;

/**
 * maps/tile (matching parcels), maps/all-around (every parcel) and maps/objects (buildings) as Mapbox
 * Vector Tiles. Zooms outside a layer's range answer 204 No Content (MapLibre treats it as an empty
 * tile). Tiles are private (bearer) but stable, so the browser may keep them for a few minutes.
 */
export async function parcelTileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const guard = requireRole(ctx);

  const serve = (kind: TileKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.query as RawQuery & { x: number; y: number; z: number };
    const { x, y, z } = raw;
    if (x >= 2 ** z || y >= 2 ** z) {
      return reply.code(400).send({ error: true, message: 'x and y must be less than 2^z' });
    }
    let query = null;
    try {
      query = kind === TILE_SOURCE_LAYERS.matching ? parseSearchQuery(raw) : null;
    } catch (error) {
      if (error instanceof SearchInputError)
        return reply.code(400).send({ error: true, message: error.message });
      throw error;
    }
    // "Genf" draws Genève's parcels, as the result list lists them.
    const tile = await ctx.tiles.encoded(kind, z, x, y, query && ctx.placeSearch.officialQuery(query));
    return sendEncodedTile(request, reply, tile, 300);
  };

  const options = { preHandler: guard, schema: { querystring: tileQuerystringSchema } };
  app.get('/maps/tile', options, serve(TILE_SOURCE_LAYERS.matching));
  app.get('/maps/all-around', options, serve(TILE_SOURCE_LAYERS.allAround));
  app.get('/maps/objects', options, serve(TILE_SOURCE_LAYERS.objects));
}
