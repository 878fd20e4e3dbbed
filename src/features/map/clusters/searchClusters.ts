import Supercluster from 'supercluster';
import type { SearchBucket } from '../../../contract/Parcel';
import { lonLatBox } from './lonLatBox';
import type { LonLatBox } from '../mapSlice';

/**
 * The search's count bubbles (issue 14 item 8): the server counts matches per municipality; here the
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

  /** The bubbles to draw at a zoom (supercluster merges per whole zoom level). */
  bubbles(zoom: number): GeoJSON.FeatureCollection<GeoJSON.Point, BubbleProperties> {
    const features = this.index.getClusters([-180, -85, 180, 85], Math.floor(zoom));
    return {
      type: 'FeatureCollection',
      features: features.map((feature) => {
        const { count, west, south, east, north } = feature.properties as ClusterProperties;
        const single = 'cluster' in feature.properties ? null : (feature.properties as BucketProperties);
        return {
          type: 'Feature',
          geometry: single ? { type: 'Point', coordinates: single.coordinates } : feature.geometry,
          properties: {
            count,
            label: bubbleLabel(count),
            west,
            south,
            east,
            north,
            ...(single ? { name: single.name } : {}),
          },
        };
      }),
    };
  }
}

/** The extent a clicked bubble holds, from its drawn properties. */
export function bubbleExtent(properties: Record<string, unknown>): LonLatBox | null {
  const box = [properties.west, properties.south, properties.east, properties.north];
  return box.every((value) => typeof value === 'number' && Number.isFinite(value))
    ? (box as LonLatBox)
    : null;
}
