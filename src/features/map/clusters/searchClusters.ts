import Supercluster from 'supercluster';
import type { SearchBucket } from '../../../contract/Parcel';
import { BUBBLE_STROKE_PX, bubbleRadiusPx } from './bubbleSize';
import { lonLatBox } from './lonLatBox';
import type { LonLatBox } from '../mapSlice';

/**
 * The search's count bubbles (ADR 017): the server counts matches per municipality; here the
 * municipalities closer than BUBBLE_RADIUS_PX on screen at the current zoom merge into one bubble
 * (supercluster), whose count is their sum and whose extent is the union of theirs, so a click can zoom
 * to exactly what it holds.
 */

/** Screen distance, px, under which two municipalities' bubbles merge. */
export const BUBBLE_RADIUS_PX = 60;

/** What every bubble carries: the summed count, the text shown and the extent to zoom to. */
export interface BubbleProperties {
  count: number;
  label: string;
  west: number;
  south: number;
  east: number;
  north: number;
  /** The municipality's name when the bubble is one municipality. */
  name?: string;
}

interface BucketProperties {
  count: number;
  west: number;
  south: number;
  east: number;
  north: number;
  name: string;
  /** The municipality's own point, drawn as is (supercluster's projection round trip adds float noise). */
  coordinates: [number, number];
}

type ClusterProperties = Omit<BucketProperties, 'name' | 'coordinates'>;

/** A count as short as a bubble needs: exact below 10 000, then "12K". */
export function bubbleLabel(count: number): string {
  return count < 10_000 ? String(count) : `${Math.round(count / 1000)}K`;
}

function boxOf(bucket: SearchBucket): LonLatBox {
  const [lon, lat] = bucket.city.geometry.coordinates;
  return bucket.bounds ? lonLatBox(bucket.bounds) : [lon, lat, lon, lat];
}

export class SearchClusters {
  private readonly index: Supercluster<BucketProperties, ClusterProperties>;

  constructor(buckets: readonly SearchBucket[], minZoom: number, maxZoom: number) {
    this.index = new Supercluster<BucketProperties, ClusterProperties>({
      radius: BUBBLE_RADIUS_PX,
      // supercluster's tile size is 512 px like MapLibre's zoom levels, so its radius is in screen px.
      extent: 512,
      minZoom,
      maxZoom,
      map: ({ count, west, south, east, north }) => ({ count, west, south, east, north }),
      reduce: (sum, next) => {
        sum.count += next.count;
        sum.west = Math.min(sum.west, next.west);
        sum.south = Math.min(sum.south, next.south);
        sum.east = Math.max(sum.east, next.east);
        sum.north = Math.max(sum.north, next.north);
      },
    });
    this.index.load(
      buckets.map((bucket) => {
        const [west, south, east, north] = boxOf(bucket);
        return {
          type: 'Feature',
          geometry: bucket.city.geometry,
          properties: {
            count: bucket.doc_count,
            west,
            south,
            east,
            north,
            name: bucket.key,
            coordinates: bucket.city.geometry.coordinates,
          },
        };
      }),
    );
  }

  /**
   * The bubbles to draw at a zoom (supercluster merges per whole zoom level). supercluster merges by
   * distance alone; two large bubbles can still be farther apart than its radius and overlap (27K over
   * 4111 at zoom 10), so bubbles that would touch on screen are merged too.
   */
  bubbles(zoom: number): GeoJSON.FeatureCollection<GeoJSON.Point, BubbleProperties> {
    const level = Math.floor(zoom);
    const drawn = this.index.getClusters([-180, -85, 180, 85], level).map((feature): Bubble => {
      const { count, west, south, east, north } = feature.properties as ClusterProperties;
      const single = 'cluster' in feature.properties ? null : (feature.properties as BucketProperties);
      const coordinates = single ? single.coordinates : (feature.geometry.coordinates as [number, number]);
      return { count, west, south, east, north, name: single?.name, coordinates };
    });
    return {
      type: 'FeatureCollection',
      features: separateBubbles(drawn, level).map(({ coordinates, name, ...extent }) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates },
        properties: { ...extent, label: bubbleLabel(extent.count), ...(name ? { name } : {}) },
      })),
    };
  }
}

/** A bubble before it is drawn: its count, extent, position and, for one municipality, its name. */
interface Bubble extends ClusterProperties {
  name?: string;
  coordinates: [number, number];
}

/** Space kept between two bubbles' rings, px. */
const BUBBLE_GAP_PX = 2;

/** Web Mercator pixels at a whole zoom level (MapLibre's 512 px world, as supercluster's extent). */
function toPixels([lon, lat]: [number, number], zoom: number): [number, number] {
  const size = 512 * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return [((lon + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

function fromPixels([x, y]: [number, number], zoom: number): [number, number] {
  const size = 512 * 2 ** zoom;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI;
  return [(x / size) * 360 - 180, lat];
}

/** A bubble where it is drawn: its centre in pixels and its reach (radius, ring and half the gap). */
interface Placed {
  bubble: Bubble;
  x: number;
  y: number;
  reach: number;
}

function place(bubble: Bubble, zoom: number): Placed {
  const [x, y] = toPixels(bubble.coordinates, zoom);
  return { bubble, x, y, reach: bubbleRadiusPx(bubble.count) + BUBBLE_STROKE_PX + BUBBLE_GAP_PX / 2 };
}

/** Two bubbles as one: counts summed, extents joined, placed at their count-weighted centre. */
function merge(a: Placed, b: Placed, zoom: number): Placed {
  const count = a.bubble.count + b.bubble.count;
  const share = b.bubble.count / count;
  return place(
    {
      count,
      west: Math.min(a.bubble.west, b.bubble.west),
      south: Math.min(a.bubble.south, b.bubble.south),
      east: Math.max(a.bubble.east, b.bubble.east),
      north: Math.max(a.bubble.north, b.bubble.north),
      coordinates: fromPixels([a.x + (b.x - a.x) * share, a.y + (b.y - a.y) * share], zoom),
    },
    zoom,
  );
}

function touch(a: Placed, b: Placed): boolean {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const reach = a.reach + b.reach;
  return dx * dx + dy * dy < reach * reach;
}

/**
 * Merges bubbles that touch on screen, largest first: each absorbs the smaller ones it touches (growing
 * as it does) before the next is taken. A grown bubble may then touch one settled before it, so rounds
 * repeat until one merges nothing — then every pair has been checked. O(n²) a round, over supercluster's
 * bubbles, once per whole zoom level.
 */
export function separateBubbles(bubbles: readonly Bubble[], zoom: number): Bubble[] {
  const largestFirst = (a: Placed, b: Placed) => b.bubble.count - a.bubble.count;
  let placed = bubbles.map((bubble) => place(bubble, zoom)).sort(largestFirst);
  for (;;) {
    const settled: Placed[] = [];
    let mergedAny = false;
    for (let index = 0; index < placed.length; index += 1) {
      let current = placed[index];
      for (let grew = true; grew;) {
        grew = false;
        for (let other = placed.length - 1; other > index; other -= 1) {
          if (!touch(current, placed[other])) continue;
          current = merge(current, placed[other], zoom);
          placed.splice(other, 1);
          grew = true;
          mergedAny = true;
        }
      }
      settled.push(current);
    }
    if (!mergedAny) return settled.map(({ bubble }) => bubble);
    placed = settled.sort(largestFirst);
  }
}

/** The extent a clicked bubble holds, from its drawn properties. */
export function bubbleExtent(properties: Record<string, unknown>): LonLatBox | null {
  const box = [properties.west, properties.south, properties.east, properties.north];
  return box.every((value) => typeof value === 'number' && Number.isFinite(value))
    ? (box as LonLatBox)
    : null;
}
