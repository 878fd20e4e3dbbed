import type { GeoBounds } from '../../../contract/Parcel';
import type { LonLatBox } from '../mapSlice';

/**
 * An Elasticsearch geo_bounds as west, south, east, north. Its own module: the store's listeners need it,
 * and importing it from searchClusters would put supercluster into the first load.
 */
export function lonLatBox({ top_left, bottom_right }: GeoBounds): LonLatBox {
  return [top_left.lon, bottom_right.lat, bottom_right.lon, top_left.lat];
}
