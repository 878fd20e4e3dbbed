import type { SearchBucket } from '../../contract/Parcel';

/** The count bubbles between zoom 7 and 14: one point per municipality bucket of the search. */
export function clusterFeatures(buckets: readonly SearchBucket[]): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: buckets.map((bucket) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: bucket.city.geometry.coordinates },
      properties: { name: bucket.key, count: bucket.doc_count },
    })),
  };
}
