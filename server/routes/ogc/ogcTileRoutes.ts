import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../AppContext';
import { apiKeyHolder, ogcException, requireApiKey } from '../../http/requireApiKey';
import { DATA_LAYER_MIN_ZOOM, LAYER_TILE_MAX_ZOOM, type DataLayerId } from '../../../src/contract/MapLayers';
import { OBJECT_MIN_ZOOM, PARCEL_MIN_ZOOM, TILE_SOURCE_LAYERS } from '../../../src/contract/VectorTiles';
import { PARCEL_LAYERS } from '../../../src/features/map/parcelLayers';
import { BUILDING_TILE_KEYS, PARCEL_TILE_KEYS } from '../../store/contract/parcels/ParcelRepository';
import { FEATURE_LAYERS } from '../../services/ogc/featureItems';
import { collectionTitle } from '../../services/ogc/ogcCollections';
import { SWISS_BOUNDS } from '../../services/ogc/ogcCrs';
import { sendEncodedTile } from '../main/tileReply';
import { ogcBase } from './ogcBase';

type TilesetId = 'parcels' | 'buildings' | DataLayerId;

/** Deepest zoom the parcel and building tiles are cut at; clients over-zoom beyond. */
const PARCEL_TILES_MAX_ZOOM = 18;

interface Tileset {
  minzoom: number;
  maxzoom: number;
  /** The layer name inside the tiles and its attributes. */
  sourceLayer: string;
  fields: Record<string, string>;
}

const layerFields = { class: 'String', group: 'String', label: 'String' };

const TILESETS: Record<TilesetId, Tileset> = {
  parcels: {
    minzoom: PARCEL_MIN_ZOOM,
    maxzoom: PARCEL_TILES_MAX_ZOOM,
    sourceLayer: TILE_SOURCE_LAYERS.allAround,
    fields: Object.fromEntries(PARCEL_TILE_KEYS.map((key) => [key, 'String'])),
  },
  buildings: {
    minzoom: OBJECT_MIN_ZOOM,
    maxzoom: PARCEL_TILES_MAX_ZOOM,
    sourceLayer: TILE_SOURCE_LAYERS.objects,
    fields: Object.fromEntries(
      BUILDING_TILE_KEYS.map((key) => [key, key === 'HEIGHT' || key === 'SOLAR' ? 'Number' : 'String']),
    ),
  },
  ...(Object.fromEntries(
    FEATURE_LAYERS.map((id): [DataLayerId, Tileset] => [
      id,
      {
        minzoom: DATA_LAYER_MIN_ZOOM[id],
        maxzoom: LAYER_TILE_MAX_ZOOM,
        sourceLayer: id,
        fields: layerFields,
      },
    ]),
  ) as Record<DataLayerId, Tileset>),
};

const isTilesetId = (id: string): id is TilesetId => Object.prototype.hasOwnProperty.call(TILESETS, id);

const tilesetParams = {
  type: 'object',
  required: ['tilesetId'],
  properties: { tilesetId: { type: 'string', maxLength: 40 } },
} as const;

const tileSchema = {
  params: {
    type: 'object',
    required: ['tilesetId', 'z', 'x', 'tile'],
    properties: {
      tilesetId: { type: 'string', maxLength: 40 },
      z: { type: 'integer', minimum: 0, maximum: 30 },
      x: { type: 'integer', minimum: 0 },
      // y, with or without the .pbf/.mvt suffix.
      tile: { type: 'string', pattern: '^[0-9]{1,10}(\\.pbf|\\.mvt)?$' },
    },
  },
  querystring: { type: 'object', additionalProperties: false, properties: {} },
} as const;

const noQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { f: { type: 'string', enum: ['json'] } },
};

/** The app's map layers of a tileset (the parcel and building layers of the map, or a layer's style file). */
function appLayers(id: TilesetId): { layers: Record<string, unknown>[]; legend?: unknown } {
  if (id === 'parcels' || id === 'buildings') {
    const sourceLayer = TILESETS[id].sourceLayer;
    return {
      // The selection highlight (a filter on the selected id) and the protected marker belong to the app.
      layers: PARCEL_LAYERS.filter(
        (layer) =>
          'source-layer' in layer &&
          layer['source-layer'] === sourceLayer &&
          layer.type !== 'symbol' &&
          !('filter' in layer),
      ) as unknown as Record<string, unknown>[],
    };
  }
  const file = JSON.parse(fs.readFileSync(path.resolve('public', 'styles', `${id}.json`), 'utf8')) as {
    layers: Record<string, unknown>[];
    legend?: unknown;
  };
  // Labels need the app's glyphs; GIS clients draw the areas, lines and points.
  return { layers: file.layers.filter((layer) => layer.type !== 'symbol'), legend: file.legend };
}

const notFound = (reply: FastifyReply, id: string) =>
  reply.code(404).send(ogcException('NotFound', `No tileset "${id}"; see /ogc/tiles`));

/**
 * Vector tiles for QGIS ("Vector Tiles" connection) and MapLibre under /ogc/tiles: a TileJSON 3.0.0 per
 * tileset (public: it holds no data), the tiles as z/x/y with a personal API key of the tiles scope
 * (free within a daily fair-use cap per key), and a style per tileset with the app's colours and legend.
 */
export async function ogcTileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tileJson = (request: FastifyRequest, id: TilesetId) => {
    const base = ogcBase(request);
    const { minzoom, maxzoom, sourceLayer, fields } = TILESETS[id];
    const { title, description } = collectionTitle(id);
    const [west, south, east, north] = SWISS_BOUNDS;
    return {
      tilejson: '3.0.0',
      name: title,
      description,
      scheme: 'xyz',
      tiles: [`${base}/tiles/${id}/{z}/{x}/{y}.pbf`],
      minzoom,
      maxzoom,
      bounds: SWISS_BOUNDS,
      center: [(west + east) / 2, (south + north) / 2, minzoom],
      vector_layers: [{ id: sourceLayer, description: title, minzoom, maxzoom, fields }],
      attribution: 'Parcel Atlas',
    };
  };

  app.get('/tiles', { schema: { querystring: noQuery } }, async (request) => {
    const base = ogcBase(request);
    return {
      tilesets: (Object.keys(TILESETS) as TilesetId[]).map((id) => ({
        id,
        title: collectionTitle(id).title,
        dataType: 'vector',
        links: [
          {
            href: `${base}/tiles/${id}/tiles.json`,
            rel: 'describedby',
            type: 'application/json',
            title: 'TileJSON',
          },
          {
            href: `${base}/tiles/${id}/{z}/{x}/{y}.pbf`,
            rel: 'item',
            type: 'application/vnd.mapbox-vector-tile',
            templated: true,
          },
          { href: `${base}/styles/${id}.json`, rel: 'stylesheet', type: 'application/vnd.mapbox.style+json' },
        ],
      })),
    };
  });

  app.get<{ Params: { tilesetId: string } }>(
    '/tiles/:tilesetId/tiles.json',
    { schema: { params: tilesetParams, querystring: noQuery } },
    async (request, reply) => {
      const { tilesetId } = request.params;
      return isTilesetId(tilesetId) ? tileJson(request, tilesetId) : notFound(reply, tilesetId);
    },
  );

  app.get<{ Params: { tilesetId: string; z: number; x: number; tile: string } }>(
    '/tiles/:tilesetId/:z/:x/:tile',
    { preValidation: requireApiKey(ctx, 'tiles'), schema: tileSchema },
    async (request, reply) => {
      const { tilesetId, z, x } = request.params;
      const y = Number.parseInt(request.params.tile, 10);
      if (!isTilesetId(tilesetId)) return notFound(reply, tilesetId);
      if (x >= 2 ** z || y >= 2 ** z)
        return reply.code(400).send(ogcException('InvalidParameterValue', 'x and y must be less than 2^z'));
      const fairUse = await ctx.apiKeys.countTile(apiKeyHolder(request).keyId);
      if (!fairUse.allowed)
        return reply
          .code(429)
          .header('retry-after', String(fairUse.retryAfterSeconds))
          .send(
            ogcException(
              'TooManyRequests',
              'This API key has used its tiles for today (fair use). Try again tomorrow',
            ),
          );
      const tile =
        tilesetId === 'parcels'
          ? await ctx.tiles.encoded(TILE_SOURCE_LAYERS.allAround, z, x, y, null)
          : tilesetId === 'buildings'
            ? await ctx.tiles.encoded(TILE_SOURCE_LAYERS.objects, z, x, y, null)
            : await ctx.layerTiles.encoded(tilesetId, z, x, y);
      return sendEncodedTile(request, reply, tile, 3600);
    },
  );

  app.get<{ Params: { style: string } }>(
    '/styles/:style',
    {
      schema: {
        params: {
          type: 'object',
          required: ['style'],
          properties: { style: { type: 'string', maxLength: 45, pattern: '^[a-z0-9-]+\\.json$' } },
        },
        querystring: noQuery,
      },
    },
    async (request, reply) => {
      const id = request.params.style.replace(/\.json$/, '');
      if (!isTilesetId(id)) return notFound(reply, id);
      const { layers, legend } = appLayers(id);
      return reply.type('application/vnd.mapbox.style+json').send({
        version: 8,
        name: collectionTitle(id).title,
        metadata: legend ? { 'parcel-atlas:legend': legend } : {},
        sources: { [id]: { type: 'vector', url: `${ogcBase(request)}/tiles/${id}/tiles.json` } },
        layers: layers.map((layer) => ({ ...layer, source: id })),
      });
    },
  );
}
