import type { MultiPolygon, Polygon } from 'geojson';
import type { Parcel, PolygonGeometry } from '../../../src/contract/Parcel';
import { DATA_LAYER_MIN_ZOOM, type DataLayerId } from '../../../src/contract/MapLayers';
import { TOTAL_HITS_CAP } from '../../../src/contract/SearchParameters';
import type { LayerFeatureRow, LayerRepository } from '../../store/contract/layers/LayerRepository';
import { ringsToGeoJson } from '../../store/contract/parcels/geometryCodec';
import type { ParcelQuery } from '../../store/contract/parcels/ParcelQuery';
import {
  BUILDING_TILE_KEYS,
  type LonLatBounds,
  type ParcelRepository,
} from '../../store/contract/parcels/ParcelRepository';
import { features as batchFeatures } from '../reports/parcelSurroundings';
import { hasCriteria } from '../search/parseSearchQuery';
import {
  CRS84,
  LV95,
  mercatorBox,
  OgcInputError,
  polygonIn,
  positionIn,
  SWISS_BOUNDS,
  type OgcCrs,
} from './ogcCrs';
import { areaMeetsBox, lineMeetsBox } from '../../geo/ring';
import type { TileFeatureBatch } from '../../store/contract/parcels/tileFeatureBatch';
import type { BytesWithRoom } from '../../store/contract/parcels/jsonBytes';

/** Items a query can page through (offset + limit), as the app's search caps its results. */
export const ITEMS_CAP = TOTAL_HITS_CAP;
export const DEFAULT_ITEMS_LIMIT = 100;
export const MAX_ITEMS_LIMIT = 1000;

export type GeoJsonGeometry =
  | PolygonGeometry
  | { type: 'Point'; coordinates: number[] }
  | { type: 'LineString'; coordinates: number[][] };

export interface GeoJsonFeature {
  type: 'Feature';
  id: string;
  geometry: GeoJsonGeometry | null;
  properties: Record<string, string | number | boolean | null>;
}

export interface ItemsRequest {
  /** Parcels: the search filters (empty for all). */
  query: ParcelQuery;
  bounds: LonLatBounds | null;
  crs: OgcCrs;
  offset: number;
  limit: number;
}

export interface ItemsPage {
  /** The page's features as GeoJSON text, comma-separated (UTF-8), and how many there are. */
  features: FeaturesText;
  /** Exact count of matching items, when known (beyond ITEMS_CAP, or a filtered box, it is not). */
  numberMatched: number | null;
  /** Whether a next page exists. */
  more: boolean;
  /** The parcels of the page (counted as full views), empty for other collections. */
  parcelIds: string[];
}

/**
 * Features as the text between a FeatureCollection's brackets: what JSON.stringify gives of them,
 * comma-separated (UTF-8), with the room around it for the collection's text that it has (none for
 * buildings and layer features).
 */
export interface FeaturesText {
  count: number;
  json: BytesWithRoom;
}

/** Feature objects as FeaturesText (buildings and layer features). */
const featuresText = (features: GeoJsonFeature[]): FeaturesText => ({
  count: features.length,
  json: { bytes: Buffer.from(JSON.stringify(features).slice(1, -1)), room: { before: 0, after: 0 } },
});

/** Parcel attributes left out of the API's properties: geometry, and nested objects GIS tables cannot hold. */
const NESTED_PARCEL_FIELDS = new Set(['geometry', 'centroid', 'lang', 'FIXPOINTS', 'STREET_ADDRESSES']);

/** A parcel's flat attributes: numbers and text as they are, lists joined with ", " (zone codes). */
export function parcelProperties(parcel: Parcel): GeoJsonFeature['properties'] {
  const properties: GeoJsonFeature['properties'] = {};
  for (const [key, value] of Object.entries(parcel)) {
    if (NESTED_PARCEL_FIELDS.has(key) || value === undefined) continue;
    if (Array.isArray(value)) properties[key] = value.join(', ');
    else if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      properties[key] = value as string | number | boolean | null;
  }
  return properties;
}

export function parcelFeature(parcel: Parcel, crs: OgcCrs): GeoJsonFeature {
  return {
    type: 'Feature',
    id: parcel.PRC_ID,
    geometry:
      crs === LV95 && parcel.geometryLv95
        ? parcel.geometryLv95
        : parcel.geometry
          ? polygonIn(parcel.geometry, crs)
          : null,
    properties: parcelProperties(parcel),
  };
}

function checkWindow({ offset, limit }: ItemsRequest): void {
  if (offset + limit > ITEMS_CAP)
    throw new OgcInputError(
      `offset + limit must be at most ${ITEMS_CAP}: narrow the query with bbox or the search parameters`,
    );
}

/** An outline (all its parts) read as the API answers it (CRS84) meets the WGS84 bounds. */
const meets = (geometry: PolygonGeometry, bounds: LonLatBounds) =>
  areaMeetsBox(geometry as Polygon | MultiPolygon, bounds);

/**
 * The positions in a batch (in ascending row id, so pages of a box are stable) of the features whose
 * outline meets the bounds: the spatial index gives those whose box meets them, the outline decides.
 */
function meetingBounds(batch: TileFeatureBatch, bounds: LonLatBounds): number[] {
  const kept: number[] = [];
  // Only the outlines are read (a box of a town centre holds thousands of features): each feature's
  // spans are its keys' values, then its geometry (TileFeatureBatch.spans).
  const fields = batch.keys.length + 1;
  for (let index = 0; index < batch.count; index++) {
    const span = 2 * (index * fields + batch.keys.length);
    const geometry = batch.data.subarray(batch.spans[span], batch.spans[span + 1]);
    if (meets(ringsToGeoJson(geometry), bounds)) kept.push(index);
  }
  return kept.sort((a, b) => batch.ids[a] - batch.ids[b]);
}

/**
 * A page of parcels. Without a box, the app's search (its filters, its order); with a box, the parcels whose
 * outline's box meets it (the spatial index of the tiles), filtered by the search, in id order. The parcels
 * are written straight from their rows as GeoJSON text (parcelFeatureJson), as parcelFeature gives them.
 */
export async function parcelItems(parcels: ParcelRepository, request: ItemsRequest): Promise<ItemsPage> {
  checkWindow(request);
  const { query, bounds, crs, offset, limit } = request;
  let ids: number[];
  let numberMatched: number | null;
  let more: boolean;
  if (bounds) {
    const filtered = hasCriteria(query);
    const batch = await parcels.tileParcels(mercatorBox(bounds), filtered ? query : null, ITEMS_CAP + 1);
    const kept = meetingBounds(batch, bounds);
    // The index read stops at its cap; below it every parcel of the box was read, filtered or not.
    numberMatched = (batch.read ?? batch.count) <= ITEMS_CAP ? kept.length : null;
    more = offset + limit < kept.length;
    ids = kept.slice(offset, offset + limit).map((index) => batch.ids[index]);
  } else {
    // The search pages by page number: the page holding `offset`, and the next when the window spans two.
    const first = Math.floor(offset / limit);
    const start = offset - first * limit;
    const result = await parcels.searchRowIds(query, { page: first + 1, size: limit });
    const pageIds = [...result.ids];
    if (start > 0 && pageIds.length === limit)
      pageIds.push(...(await parcels.searchRowIds(query, { page: first + 2, size: limit })).ids);
    ids = pageIds.slice(start, start + limit);
    numberMatched = result.matched;
    more = offset + limit < result.total;
  }
  const { prcIds, json } = await parcels.parcelFeatures(ids, crs === LV95 ? 'lv95' : 'wgs84');
  return { features: { count: prcIds.length, json }, numberMatched, more, parcelIds: prcIds };
}

/** A building of a tile batch (BUILDING_TILE_KEYS, tile outline) as a feature in the requested CRS. */
function buildingFeature(values: string[], geometry: Uint8Array, crs: OgcCrs): GeoJsonFeature {
  const properties: GeoJsonFeature['properties'] = {};
  BUILDING_TILE_KEYS.forEach((key, i) => {
    properties[key] = key === 'HEIGHT' || key === 'SOLAR' ? Number(values[i]) : values[i];
  });
  return { type: 'Feature', id: values[0], geometry: polygonIn(ringsToGeoJson(geometry), crs), properties };
}

/** A building's OBJ_ID as a feature id: digits (the building register's numbering), else 400. */
export function parseBuildingId(featureId: string): string {
  if (!/^\d{1,20}$/.test(featureId))
    throw new OgcInputError(
      `A building's id is its OBJ_ID, a number of up to 20 digits: "${featureId}" is not`,
    );
  return featureId;
}

/** One building by its OBJ_ID, as the items page gives it (null when unknown). */
export async function buildingItem(
  parcels: ParcelRepository,
  objId: string,
  crs: OgcCrs,
): Promise<GeoJsonFeature | null> {
  const [found] = batchFeatures(await parcels.buildingByObjectId(objId));
  return found ? buildingFeature(found.values, found.geometry, crs) : null;
}

/** A page of buildings whose box meets the box (Switzerland without one), in id order. */
export async function buildingItems(parcels: ParcelRepository, request: ItemsRequest): Promise<ItemsPage> {
  checkWindow(request);
  const { bounds, crs, offset, limit } = request;
  const batch = await parcels.tileBuildings(mercatorBox(bounds ?? SWISS_BOUNDS), ITEMS_CAP + 1);
  const order = meetingBounds(batch, bounds ?? SWISS_BOUNDS);
  const wanted = new Map(order.slice(offset, offset + limit).map((index, rank) => [index, rank]));
  const page: GeoJsonFeature[] = new Array(wanted.size);
  let index = 0;
  for (const { values, geometry } of batchFeatures(batch)) {
    const rank = wanted.get(index++);
    if (rank !== undefined) page[rank] = buildingFeature(values, geometry, crs);
  }
  return {
    features: featuresText(page),
    numberMatched: batch.count <= ITEMS_CAP ? order.length : null,
    more: offset + limit < order.length,
    parcelIds: [],
  };
}

/** A thematic layer's point, line or area in the requested CRS. */
function layerGeometry(kind: 1 | 2 | 3, geom: Uint8Array, crs: OgcCrs): GeoJsonGeometry {
  const polygon = ringsToGeoJson(geom);
  if (kind === 3) return polygonIn(polygon, crs);
  const ring = (polygon.coordinates as number[][][])[0];
  if (kind === 1) return { type: 'Point', coordinates: positionIn(ring[0], crs) };
  // The read closes every ring; a line's last vertex is not its first.
  return { type: 'LineString', coordinates: ring.slice(0, -1).map((position) => positionIn(position, crs)) };
}

function layerFeature(row: LayerFeatureRow, crs: OgcCrs): GeoJsonFeature {
  return {
    type: 'Feature',
    id: String(row.id),
    geometry: layerGeometry(row.kind, row.geom, crs),
    properties: { class: row.cls, group: row.grp, label: row.label },
  };
}

/** The largest id a stored row can have (PostgreSQL INTEGER). */
const MAX_ROW_ID = 2 ** 31 - 1;

/** A layer feature's id: a positive whole number (its row), else 400. */
export function parseLayerFeatureId(featureId: string): number {
  const id = /^[1-9]\d{0,9}$/.test(featureId) ? Number(featureId) : NaN;
  if (!(id <= MAX_ROW_ID))
    throw new OgcInputError(
      `A layer feature's id is a whole number from 1 to ${MAX_ROW_ID}: "${featureId}" is not`,
    );
  return id;
}

/** One feature of a thematic layer by its id, as the items page gives it (null when unknown). */
export async function layerItem(
  layers: LayerRepository,
  layer: DataLayerId,
  id: number,
  crs: OgcCrs,
): Promise<GeoJsonFeature | null> {
  const row = await layers.feature(layer, id);
  return row ? layerFeature(row, crs) : null;
}

/** A page of one thematic layer's features whose box meets the box (Switzerland without one), in id order. */
export async function layerItems(
  layers: LayerRepository,
  layer: DataLayerId,
  request: ItemsRequest,
): Promise<ItemsPage> {
  checkWindow(request);
  const { bounds, crs, offset, limit } = request;
  const area = bounds ?? SWISS_BOUNDS;
  const found = await layers.features(layer, mercatorBox(area), ITEMS_CAP + 1);
  const rows = found
    .map((row) => ({ row, geometry: layerGeometry(row.kind, row.geom, CRS84) }))
    .filter(({ geometry }) =>
      geometry.type === 'Point'
        ? lineMeetsBox([geometry.coordinates], area)
        : geometry.type === 'LineString'
          ? lineMeetsBox(geometry.coordinates, area)
          : meets(geometry, area),
    )
    .sort((a, b) => a.row.id - b.row.id);
  return {
    features: featuresText(rows.slice(offset, offset + limit).map(({ row }) => layerFeature(row, crs))),
    numberMatched: found.length <= ITEMS_CAP ? rows.length : null,
    more: offset + limit < rows.length,
    parcelIds: [],
  };
}

/** The thematic layers that can be feature collections (every data layer; base labels are not). */
export const FEATURE_LAYERS = Object.keys(DATA_LAYER_MIN_ZOOM) as DataLayerId[];
