import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import { requireRole } from '../../http/requireRole';
import { isLayerTileName, LAYER_TILE_MIN_ZOOM } from '../../../src/contract/MapLayers';
import { sendEncodedTile } from './tileReply';

const layerTileSchema = {
  params: {
    type: 'object',
    required: ['layer'],
    properties: { layer: { type: 'string', maxLength: 40 } },
  },
  querystring: {
    type: 'object',
    required: ['x', 'y', 'z'],
    additionalProperties: false,
    properties: {
      x: { type: 'integer', minimum: 0 },
      y: { type: 'integer', minimum: 0 },
      z: { type: 'integer', minimum: 0, maximum: 30 },
    },
  },
} as const;

/**
 * GET /v1/secure/maps/layers/{layer}?z=&x=&y=: the thematic layers' vector tiles (and the base map's
 * street, park and station labels as `base-labels`), with the bearer token like the parcel tiles. An
 * unknown layer answers 404, a zoom below the layer's minimum 204 (MapLibre draws nothing there).
 */
export async function layerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Params: { layer: string }; Querystring: { x: number; y: number; z: number } }>(
    '/maps/layers/:layer',
    { preHandler: requireRole(ctx), schema: layerTileSchema },
    async (request, reply) => {
      const { layer } = request.params;
      const { x, y, z } = request.query;
      if (!isLayerTileName(layer)) {
        return reply.code(404).send({
          error: true,
          message: `Unknown layer "${layer}"; known: ${Object.keys(LAYER_TILE_MIN_ZOOM).join(', ')}`,
        });
      }
      if (x >= 2 ** z || y >= 2 ** z) {
        return reply.code(400).send({ error: true, message: 'x and y must be less than 2^z' });
      }
      const tile = await ctx.layerTiles.encoded(layer, z, x, y);
      // The layers change only with a dataset rebuild: the browser may keep them a while.
      return sendEncodedTile(request, reply, tile, 3600);
    },
  );
}
