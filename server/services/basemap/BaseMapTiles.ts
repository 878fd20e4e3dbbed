import { LRUCache } from 'lru-cache';
import {
  loadBaseGeography,
  type BaseFeature,
  type BaseLayerName,
  type MercatorRing,
} from './loadBaseGeography';
import { clipRing } from '../tiles/clipRing';
import { writeFeatureTile, type TileFeature } from '../tiles/writeFeatureTile';
import { simplifyRing } from './simplifyRing';

const EXTENT = 4096;
/** Tile-unit margin kept around each tile so lines and fills join without seams. */
const BUFFER = 64;
/** Above this zoom the browser over-zooms: the generalised geography has no more detail to give. */
export const BASE_MAP_MAX_ZOOM = 10;
/**
 * Below BASE_MAP_MAX_ZOOM rings are simplified to within this many tile units (an eighth of a pixel):
 * the overview tiles of the first load stay light. The deepest zoom keeps every point, as the browser
 * over-zooms it to where the lake shore meets the parcels.
 */
const SIMPLIFY_TOLERANCE = 4;

const LAYER_ORDER: BaseLayerName[] = ['country', 'lakes', 'cantons', 'municipalities', 'labels'];

/** Rounds to whole tile units and drops repeated points: the low-zoom tiles simplify themselves. */
function quantise(ring: MercatorRing, scale: number, x: number, y: number): { xs: number[]; ys: number[] } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [mx, my] of ring) {
    const px = Math.round(mx * scale - x * EXTENT);
    const py = Math.round(my * scale - y * EXTENT);
    const last = xs.length - 1;
    if (last < 0 || xs[last] !== px || ys[last] !== py) {
      xs.push(px);
      ys.push(py);
    }
  }
  return { xs, ys };
}

/**
 * A ring as writeFeatureTile wants it: closed (last point = first). It never writes a polygon ring's
 * last point (MVT's ClosePath stands for it), and clipRing returns open rings whenever the tile cuts the ring,
 * so without this each cut ring lost a real corner: a straight chord across the canton's border line
 * and a triangle of fill missing (or added) at z9–10, where Zürich's rings cross tile edges.
 */
export function closedRing(xs: readonly number[], ys: readonly number[]): [number, number][] {
  const ring = xs.map((px, i): [number, number] => [px, ys[i]]);
  const last = ring.length - 1;
  if (ring[0][0] !== ring[last][0] || ring[0][1] !== ring[last][1]) ring.push([ring[0][0], ring[0][1]]);
  return ring;
}

function polygonFeature(
  feature: BaseFeature,
  scale: number,
  x: number,
  y: number,
  simplify: boolean,
): TileFeature | null {
  const rings: [number, number][][] = [];
  for (const polygon of feature.polygons) {
    for (let index = 0; index < polygon.length; index += 1) {
      const quantised = quantise(polygon[index], scale, x, y);
      const { xs, ys } = simplify ? simplifyRing(quantised.xs, quantised.ys, SIMPLIFY_TOLERANCE) : quantised;
      const clipped = clipRing(xs, ys, xs.length, -BUFFER, EXTENT + BUFFER);
      if (clipped.xs.length >= 3) rings.push(closedRing(clipped.xs, clipped.ys));
      // A clipped-away outer ring takes its holes with it.
      else if (index === 0) break;
    }
  }
  return rings.length > 0 ? { type: 3, geometry: rings, tags: feature.properties } : null;
}

function pointFeature(feature: BaseFeature, scale: number, x: number, y: number): TileFeature | null {
  const { xs, ys } = quantise(feature.polygons[0][0], scale, x, y);
  const inside = xs[0] >= 0 && xs[0] < EXTENT && ys[0] >= 0 && ys[0] < EXTENT;
  return inside ? { type: 1, geometry: [[xs[0], ys[0]]], tags: feature.properties } : null;
}

/** Bytes of built tiles kept in memory: all of Switzerland up to BASE_MAP_MAX_ZOOM is far below this. */
export const BASE_MAP_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Mapbox Vector Tiles of the self-hosted base map, built on request from the pre-projected geography
 * and kept in a cache bounded by size (least recently used tiles go first): over Switzerland there are
 * only a few hundred tiles up to BASE_MAP_MAX_ZOOM, and deeper zooms are refused by the route.
 */
export class BaseMapTiles {
  private readonly cache: LRUCache<string, Buffer>;

  constructor(
    private readonly features: BaseFeature[],
    maxCacheBytes: number = BASE_MAP_CACHE_BYTES,
  ) {
    this.cache = new LRUCache<string, Buffer>({
      maxSize: maxCacheBytes,
      sizeCalculation: (tile) => Math.max(1, tile.length),
    });
  }

  /** Bytes the cache holds now (for tests and diagnostics). */
  get cachedBytes(): number {
    return this.cache.calculatedSize;
  }

  tile(z: number, x: number, y: number): Buffer {
    const key = `${z}/${x}/${y}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const built = this.build(z, x, y);
    // Tiles outside the country are empty and cheap; only keep the ones that carry something.
    if (built.length > 0 && built.length <= this.cache.maxSize) this.cache.set(key, built);
    return built;
  }

  private build(z: number, x: number, y: number): Buffer {
    const tiles = 2 ** z;
    const scale = tiles * EXTENT;
    const margin = BUFFER / scale;
    const box = [x / tiles - margin, y / tiles - margin, (x + 1) / tiles + margin, (y + 1) / tiles + margin];
    const layers: Record<string, { features: TileFeature[] }> = {};
    for (const feature of this.features) {
      if (feature.minZoom > z) continue;
      const [minX, minY, maxX, maxY] = feature.bbox;
      if (maxX < box[0] || minX > box[2] || maxY < box[1] || minY > box[3]) continue;
      const built =
        feature.layer === 'labels'
          ? pointFeature(feature, scale, x, y)
          : polygonFeature(feature, scale, x, y, z < BASE_MAP_MAX_ZOOM);
      if (!built) continue;
      (layers[feature.layer] ??= { features: [] }).features.push(built);
    }
    const ordered = Object.fromEntries(
      LAYER_ORDER.filter((name) => layers[name]).map((name) => [name, layers[name]]),
    );
    if (Object.keys(ordered).length === 0) return Buffer.alloc(0);
    return Buffer.from(writeFeatureTile(ordered, EXTENT));
  }
}

/** The base map as routes use it: one tile at a time. */
export interface BaseMap {
  tile(z: number, x: number, y: number): Buffer;
}

/** The base map, with the geography read on the first tile request so starting the server stays fast. */
export function createLazyBaseMap(load: () => BaseFeature[] = () => loadBaseGeography()): BaseMap {
  let tiles: BaseMapTiles | null = null;
  return { tile: (z, x, y) => (tiles ??= new BaseMapTiles(load())).tile(z, x, y) };
}
