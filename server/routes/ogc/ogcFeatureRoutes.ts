import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../AppContext';
import { compressionOptions } from '../../http/compressReplies';
import { apiKeyHolder, ogcException, requireApiKey } from '../../http/requireApiKey';
import {
  buildingItems,
  DEFAULT_ITEMS_LIMIT,
  buildingItem,
  FEATURE_LAYERS,
  layerItem,
  parseBuildingId,
  parseLayerFeatureId,
  type GeoJsonFeature,
  ITEMS_CAP,
  layerItems,
  MAX_ITEMS_LIMIT,
  parcelFeature,
  parcelItems,
  type ItemsPage,
  type ItemsRequest,
} from '../../services/ogc/featureItems';
import { collectionDocument, collectionIds, isCollectionId } from '../../services/ogc/ogcCollections';
import { OGC_CRS, parseBbox, parseCrs, type OgcCrs } from '../../services/ogc/ogcCrs';
import { parseSearchQuery, type RawQuery } from '../../services/search/parseSearchQuery';
import type { QuotaResult } from '../../services/quota/QuotaService';
import { QUOTA_DENIED_STATUS } from '../main/parcels/parcelReplies';
import { searchQuerystringSchema } from '../main/parcels/searchQuerystringSchema';
import { surround } from '../../store/contract/parcels/jsonBytes';
import { openApiDocument } from './openApiDocument';
import { ogcBase } from './ogcBase';

const GEOJSON = 'application/geo+json';

/**
 * Items pages are large (a page of 1,000 parcels is about 1.2 MB of GeoJSON): the API's default levels
 * (brotli 4, gzip 6) cost 7–9 ms of CPU on such a page, brotli 1 and gzip 3 about 1.5 and 3 ms, for about
 * 78 and 89 KB instead of 68 and 71 KB.
 */
const ITEMS_COMPRESSION = compressionOptions({ brotliQuality: 1, gzipLevel: 3 });

/** The conformance classes this API implements (Features Part 1 Core, GeoJSON, OpenAPI 3.0; Part 2 CRS). */
export const CONFORMANCE = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
];

const format = { type: 'string', enum: ['json', 'geojson'] } as const;
const crsParameter = { type: 'string', maxLength: 120 } as const;

const collectionParams = {
  type: 'object',
  required: ['collectionId'],
  properties: { collectionId: { type: 'string', maxLength: 40 } },
} as const;

const itemsSchema = {
  params: collectionParams,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...searchQuerystringSchema.properties,
      f: format,
      limit: { type: 'integer', minimum: 1, maximum: MAX_ITEMS_LIMIT },
      offset: { type: 'integer', minimum: 0, maximum: ITEMS_CAP - 1 },
      bbox: { type: 'string', maxLength: 200 },
      'bbox-crs': crsParameter,
      crs: crsParameter,
    },
  },
} as const;

const itemSchema = {
  params: {
    type: 'object',
    required: ['collectionId', 'featureId'],
    properties: {
      collectionId: { type: 'string', maxLength: 40 },
      featureId: { type: 'string', maxLength: 80 },
    },
  },
  querystring: { type: 'object', additionalProperties: false, properties: { f: format, crs: crsParameter } },
} as const;

const plainSchema = {
  querystring: { type: 'object', additionalProperties: false, properties: { f: format } },
} as const;

type ItemsQuery = RawQuery & {
  limit?: number;
  offset?: number;
  bbox?: string;
  'bbox-crs'?: string;
  crs?: string;
};

/** The standard parameters an items request carries beyond the search, as the next link repeats them. */
const PAGING_KEYS = new Set(['limit', 'offset']);

/** The request's query string with another offset (the next and previous links). */
function withOffset(request: FastifyRequest, offset: number, limit: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query as Record<string, unknown>)) {
    if (PAGING_KEYS.has(key)) continue;
    for (const item of [value].flat()) params.append(key, String(item));
  }
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  return params.toString();
}

const COLLECTION_START = Buffer.from('{"type":"FeatureCollection","features":[');

/**
 * An items page as GeoJSON text (UTF-8): byte for byte what JSON.stringify gives of the FeatureCollection
 * object {type, features, numberMatched (when known), numberReturned, timeStamp, links}, around the features
 * already written as text (a page of 1,000 parcels is about 1.2 MB: stringifying it as objects cost most
 * of the page).
 */
export function featureCollectionJson(found: ItemsPage, timeStamp: Date, links: object[]): Buffer {
  const matched = found.numberMatched === null ? '' : `,"numberMatched":${found.numberMatched}`;
  return surround(
    found.features.json,
    COLLECTION_START,
    `]${matched},"numberReturned":${found.features.count}` +
      `,"timeStamp":${JSON.stringify(timeStamp.toISOString())},"links":${JSON.stringify(links)}}`,
  );
}

/** A single item: the feature (null when the collection has none of that id), or the quota's refusal. */
type ItemOutcome = { feature: GeoJsonFeature | null } | { denied: Extract<QuotaResult, { ok: false }> };

const notFound = (reply: FastifyReply, what: string) => reply.code(404).send(ogcException('NotFound', what));

/**
 * OGC API – Features Part 1 (Core, GeoJSON, OpenAPI 3.0) and Part 2 (CRS: CRS84 and EPSG:2056) under /ogc:
 * the landing page, conformance and the API description are public; collections and items need a
 * personal API key with the features scope. Parcels returned count as full views (once per parcel and
 * period, all of a page or none).
 */
export async function ogcFeatureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const guard = { preValidation: requireApiKey(ctx, 'features') };

  app.get('/', { schema: plainSchema }, async (request) => {
    const base = ogcBase(request);
    return {
      title: 'Parcel Atlas',
      description:
        'Swiss parcels, buildings and thematic layers for GIS clients (OGC API – Features and Tiles).',
      links: [
        { href: `${base}/`, rel: 'self', type: 'application/json', title: 'This document' },
        {
          href: `${base}/api`,
          rel: 'service-desc',
          type: 'application/vnd.oai.openapi+json;version=3.0',
          title: 'The API definition',
        },
        { href: `${base}/conformance`, rel: 'conformance', type: 'application/json', title: 'Conformance' },
        { href: `${base}/collections`, rel: 'data', type: 'application/json', title: 'Feature collections' },
        {
          href: `${base}/tiles`,
          rel: 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector',
          type: 'application/json',
          title: 'Vector tilesets',
        },
      ],
    };
  });

  app.get('/conformance', { schema: plainSchema }, async () => ({ conformsTo: CONFORMANCE }));

  app.get('/api', { schema: plainSchema }, async (request, reply) =>
    reply.type('application/vnd.oai.openapi+json;version=3.0').send(openApiDocument(ogcBase(request))),
  );

  app.get('/collections', { ...guard, schema: plainSchema }, async (request) => {
    const base = ogcBase(request);
    return {
      links: [{ href: `${base}/collections`, rel: 'self', type: 'application/json', title: 'Collections' }],
      collections: (await collectionIds(ctx.layers)).map((id) => collectionDocument(id, base)),
      crs: [...OGC_CRS],
    };
  });

  app.get<{ Params: { collectionId: string } }>(
    '/collections/:collectionId',
    { ...guard, schema: { params: collectionParams, ...plainSchema } },
    async (request, reply) => {
      const { collectionId } = request.params;
      if (!isCollectionId(collectionId) || !(await collectionIds(ctx.layers)).includes(collectionId))
        return notFound(reply, `No collection "${collectionId}"`);
      return collectionDocument(collectionId, ogcBase(request));
    },
  );

  /** One page of a collection; parcels counted in the same unit of work that reads them. */
  const page = async (collectionId: string, items: ItemsRequest, userId: string) => {
    if (collectionId === 'parcels')
      return ctx.unitOfWork(async () => {
        const found = await parcelItems(ctx.parcels, items);
        const counted = await ctx.batchQuota.consumeEach(userId, 'full_view', found.parcelIds);
        return counted.ok ? { found } : { denied: counted };
      });
    if (collectionId === 'buildings') return { found: await buildingItems(ctx.parcels, items) };
    const layer = FEATURE_LAYERS.find((id) => id === collectionId);
    return layer ? { found: await layerItems(ctx.layers, layer, items) } : null;
  };

  /**
   * One item of a collection, as its items page gives it (null: no such collection); a parcel is counted as
   * a full view like on a page, buildings and layer features are free as their pages are.
   */
  const item = async (
    collectionId: string,
    featureId: string,
    crs: OgcCrs,
    userId: string,
  ): Promise<ItemOutcome | null> => {
    if (collectionId === 'parcels')
      return ctx.unitOfWork(async () => {
        const detail = await ctx.parcels.parcel(featureId);
        if (!detail) return { feature: null };
        const counted = await ctx.batchQuota.consumeEach(userId, 'full_view', [detail.parcel.PRC_ID]);
        return counted.ok ? { feature: parcelFeature(detail.parcel, crs) } : { denied: counted };
      });
    if (collectionId === 'buildings')
      return { feature: await buildingItem(ctx.parcels, parseBuildingId(featureId), crs) };
    const layer = FEATURE_LAYERS.find((id) => id === collectionId);
    if (!layer || !(await collectionIds(ctx.layers)).includes(layer)) return null;
    return { feature: await layerItem(ctx.layers, layer, parseLayerFeatureId(featureId), crs) };
  };

  app.get<{ Params: { collectionId: string }; Querystring: ItemsQuery }>(
    '/collections/:collectionId/items',
    { ...guard, schema: itemsSchema, compress: ITEMS_COMPRESSION },
    async (request, reply) => {
      const { collectionId } = request.params;
      if (!isCollectionId(collectionId)) return notFound(reply, `No collection "${collectionId}"`);
      const raw = request.query;
      const crs = parseCrs(raw.crs, 'crs');
      const limit = raw.limit ?? DEFAULT_ITEMS_LIMIT;
      const offset = raw.offset ?? 0;
      const items: ItemsRequest = {
        query: collectionId === 'parcels' ? ctx.placeSearch.officialQuery(parseSearchQuery(raw)) : {},
        bounds: parseBbox(raw.bbox, parseCrs(raw['bbox-crs'], 'bbox-crs')),
        crs,
        offset,
        limit,
      };
      const answer = await page(collectionId, items, apiKeyHolder(request).userId);
      if (!answer) return notFound(reply, `No collection "${collectionId}"`);
      if ('denied' in answer && answer.denied && !answer.denied.ok) {
        const { errorCode, message } = answer.denied;
        return reply
          .code(QUOTA_DENIED_STATUS)
          .send({ ...ogcException(errorCode, message), errorCode, errorMessage: message });
      }
      const found = answer.found as ItemsPage;
      const self = `${ogcBase(request)}/collections/${collectionId}/items`;
      const links = [
        {
          href: `${self}?${withOffset(request, offset, limit)}`,
          rel: 'self',
          type: GEOJSON,
          title: 'This page',
        },
        {
          href: `${ogcBase(request)}/collections/${collectionId}`,
          rel: 'collection',
          type: 'application/json',
        },
      ];
      if (found.more)
        links.push({
          href: `${self}?${withOffset(request, offset + limit, limit)}`,
          rel: 'next',
          type: GEOJSON,
          title: 'Next page',
        });
      if (offset > 0)
        links.push({
          href: `${self}?${withOffset(request, Math.max(0, offset - limit), limit)}`,
          rel: 'prev',
          type: GEOJSON,
          title: 'Previous page',
        });
      const body = featureCollectionJson(found, new Date(), links);
      // The page's memory serves another page once this reply is done with it: sent, or its client gone.
      const { release } = found.features.json;
      if (release) reply.raw.once('close', release);
      // Sent as bytes, the reply gets no charset from fastify (a string or object does): named as they had it.
      return reply.type(`${GEOJSON}; charset=utf-8`).header('content-crs', `<${crs}>`).send(body);
    },
  );

  app.get<{ Params: { collectionId: string; featureId: string }; Querystring: { crs?: string } }>(
    '/collections/:collectionId/items/:featureId',
    { ...guard, schema: itemSchema },
    async (request, reply) => {
      const { collectionId, featureId } = request.params;
      const crs: OgcCrs = parseCrs(request.query.crs, 'crs');
      if (!isCollectionId(collectionId)) return notFound(reply, `No collection "${collectionId}"`);
      const outcome = await item(collectionId, featureId, crs, apiKeyHolder(request).userId);
      if (!outcome) return notFound(reply, `No collection "${collectionId}"`);
      if ('denied' in outcome) {
        const { errorCode, message } = outcome.denied;
        return reply
          .code(QUOTA_DENIED_STATUS)
          .send({ ...ogcException(errorCode, message), errorCode, errorMessage: message });
      }
      if (!outcome.feature)
        return notFound(reply, `No feature "${featureId}" in the collection "${collectionId}"`);
      const base = `${ogcBase(request)}/collections/${collectionId}`;
      return reply
        .type(GEOJSON)
        .header('content-crs', `<${crs}>`)
        .send({
          ...outcome.feature,
          links: [
            { href: `${base}/items/${encodeURIComponent(featureId)}`, rel: 'self', type: GEOJSON },
            { href: base, rel: 'collection', type: 'application/json' },
          ],
        });
    },
  );
}
