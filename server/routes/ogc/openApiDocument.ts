import { SEARCH_PARAMETERS } from '../../../src/contract/SearchParameters';
import { rowProperties } from '../main/parcels/searchQuerystringSchema';
import { DEFAULT_ITEMS_LIMIT, ITEMS_CAP, MAX_ITEMS_LIMIT } from '../../services/ogc/featureItems';
import { OGC_CRS } from '../../services/ogc/ogcCrs';

const parameter = (name: string, description: string, schema: object, required = false) => ({
  name,
  in: 'query',
  required,
  description,
  schema,
  style: 'form',
  explode: false,
});

const json = (description: string, type = 'application/json') => ({
  description,
  content: { [type]: { schema: { type: 'object' } } },
});

const exception = (description: string) => json(description);

/** The query parameters of the parcels' items beyond the standard ones: the app's search, one per key. */
function searchParameters() {
  return SEARCH_PARAMETERS.flatMap((row) =>
    Object.keys(rowProperties(row))
      .filter((name) => !name.endsWith('[]'))
      .map((name) =>
        parameter(name, `Search filter ${name} (as in the app's advanced search)`, { type: 'string' }),
      ),
  );
}

/** The OpenAPI 3.0 document of the OGC API (`/ogc/api`), with the servers' base URL `base`. */
export function openApiDocument(base: string) {
  const secured = [{ apiKey: [] }, { basic: [] }];
  const standardItems = [
    parameter('limit', 'Most items in the answer', {
      type: 'integer',
      minimum: 1,
      maximum: MAX_ITEMS_LIMIT,
      default: DEFAULT_ITEMS_LIMIT,
    }),
    parameter('offset', 'Items to skip (the next links carry it)', {
      type: 'integer',
      minimum: 0,
      maximum: ITEMS_CAP - 1,
      default: 0,
    }),
    {
      ...parameter('bbox', 'minx,miny,maxx,maxy in bbox-crs', {
        type: 'array',
        minItems: 4,
        maxItems: 4,
        items: { type: 'number' },
      }),
    },
    parameter('bbox-crs', 'CRS of bbox', { type: 'string', enum: [...OGC_CRS] }),
    parameter('crs', 'CRS of the answer’s geometries', { type: 'string', enum: [...OGC_CRS] }),
    parameter('f', 'Format (only json)', { type: 'string', enum: ['json'] }),
  ];
  const collectionId = {
    name: 'collectionId',
    in: 'path',
    required: true,
    schema: { type: 'string' },
  };
  return {
    openapi: '3.0.3',
    info: {
      title: 'Parcel Atlas – OGC API Features and Tiles',
      version: '1.0.0',
      description:
        'Parcels, buildings and thematic layers of Parcel Atlas for GIS clients (QGIS, GDAL). Send a personal ' +
        'API key (Settings › API keys) as "Authorization: Bearer <key>" or as the password of HTTP Basic. ' +
        'Every parcel returned counts once per plan period as a full view; tiles are free within a fair-use cap.',
    },
    servers: [{ url: base }],
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer' },
        basic: { type: 'http', scheme: 'basic' },
      },
    },
    paths: {
      '/': {
        get: { summary: 'Landing page', operationId: 'getLandingPage', responses: { 200: json('Links') } },
      },
      '/conformance': {
        get: {
          summary: 'Conformance classes',
          operationId: 'getConformance',
          responses: { 200: json('Classes') },
        },
      },
      '/api': {
        get: { summary: 'This document', operationId: 'getApi', responses: { 200: json('OpenAPI') } },
      },
      '/collections': {
        get: {
          summary: 'Feature collections',
          operationId: 'getCollections',
          security: secured,
          responses: { 200: json('Collections'), 401: exception('No usable API key') },
        },
      },
      '/collections/{collectionId}': {
        get: {
          summary: 'One collection',
          operationId: 'describeCollection',
          security: secured,
          parameters: [collectionId],
          responses: { 200: json('Collection'), 404: exception('Unknown collection') },
        },
      },
      '/collections/{collectionId}/items': {
        get: {
          summary: 'Items of a collection (parcels also take the search parameters)',
          operationId: 'getFeatures',
          security: secured,
          parameters: [collectionId, ...standardItems, ...searchParameters()],
          responses: {
            200: json('Features', 'application/geo+json'),
            400: exception('Bad parameter'),
            401: exception('No usable API key'),
            402: exception('Plan limit reached (LIMIT_REACHED_FULL_VIEW)'),
            429: exception('Too many requests'),
          },
        },
      },
      '/collections/{collectionId}/items/{featureId}': {
        get: {
          summary: 'One item, as the items pages give it',
          description:
            "The id is a parcel's EGRID (PRC_ID), a building's OBJ_ID (digits) or a layer feature's number. " +
            'A parcel counts once per plan period as a full view, like on an items page; buildings and layer ' +
            'features are free.',
          operationId: 'getFeature',
          security: secured,
          parameters: [
            collectionId,
            {
              name: 'featureId',
              in: 'path',
              required: true,
              description: 'PRC_ID (parcels), OBJ_ID (buildings) or the feature number (thematic layers)',
              schema: { type: 'string', maxLength: 80 },
            },
            parameter('crs', 'CRS of the answer’s geometry', { type: 'string', enum: [...OGC_CRS] }),
            parameter('f', 'Format (only json)', { type: 'string', enum: ['json'] }),
          ],
          responses: {
            200: json('Feature', 'application/geo+json'),
            400: exception('Malformed id or bad parameter'),
            401: exception('No usable API key'),
            402: exception('Plan limit reached (LIMIT_REACHED_FULL_VIEW)'),
            404: exception('Unknown collection or item'),
            429: exception('Too many requests'),
          },
        },
      },
      '/tiles': {
        get: { summary: 'Vector tilesets', operationId: 'getTilesets', responses: { 200: json('Tilesets') } },
      },
      '/tiles/{tilesetId}/tiles.json': {
        get: {
          summary: 'TileJSON of a tileset',
          operationId: 'getTileJson',
          parameters: [{ name: 'tilesetId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: json('TileJSON 3.0.0') },
        },
      },
      '/tiles/{tilesetId}/{z}/{x}/{y}.pbf': {
        get: {
          summary: 'A Mapbox Vector Tile',
          operationId: 'getTile',
          security: secured,
          parameters: ['tilesetId', 'z', 'x', 'y'].map((name) => ({
            name,
            in: 'path',
            required: true,
            schema: { type: name === 'tilesetId' ? 'string' : 'integer' },
          })),
          responses: {
            200: { description: 'Tile', content: { 'application/vnd.mapbox-vector-tile': {} } },
            204: { description: 'No features at this zoom' },
          },
        },
      },
      '/styles/{tilesetId}.json': {
        get: {
          summary: 'MapLibre/Mapbox GL style of a tileset with the app’s colours',
          operationId: 'getStyle',
          parameters: [{ name: 'tilesetId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: json('Style') },
        },
      },
    },
  };
}
