import type { SearchResponse } from '../../../../src/contract/Parcel';
import type { ParcelSearchResult } from '../../../store/parcels/ParcelRepository';

/** The Elasticsearch shape the client reads: hits, total and one bucket per municipality. */
export function toSearchResponse(result: ParcelSearchResult): SearchResponse {
  return {
    hits: {
      hits: result.hits.map((parcel) => ({ _id: parcel.PRC_ID, _source: parcel })),
      total: { value: result.total, relation: 'eq' },
    },
    aggregations: {
      byLocation: {
        buckets: result.byMunicipality.map((m) => ({
          key: m.name,
          doc_count: m.count,
          city: { geometry: { type: 'Point', coordinates: [m.lon, m.lat] } },
        })),
      },
    },
    error: false,
  };
}

export const EMPTY_SEARCH: SearchResponse = {
  hits: { hits: [], total: { value: 0, relation: 'eq' } },
  aggregations: { byLocation: { buckets: [] } },
  error: false,
};
