import type { GeoBounds, Parcel, SearchResponse } from '../../../src/contract/Parcel';
import type {
  LonLatBounds,
  MunicipalityCount,
  ParcelSearchResult,
} from '../../store/contract/parcels/ParcelRepository';
import {
  compressBytes,
  COMPRESSION_THRESHOLD_BYTES,
  type ReplyEncoding,
} from '../compression/apiCompression';

function geoBounds([west, south, east, north]: LonLatBounds): GeoBounds {
  return { top_left: { lat: north, lon: west }, bottom_right: { lat: south, lon: east } };
}

/** The union of the hit municipalities' extents (a geo_bounds aggregation); none without matches. */
function viewportOf(municipalities: MunicipalityCount[]): { viewport?: { bounds: GeoBounds } } {
  const extents = municipalities.map((m) => m.bounds ?? [m.lon, m.lat, m.lon, m.lat]);
  if (extents.length === 0) return {};
  const union: LonLatBounds = [
    Math.min(...extents.map((b) => b[0])),
    Math.min(...extents.map((b) => b[1])),
    Math.max(...extents.map((b) => b[2])),
    Math.max(...extents.map((b) => b[3])),
  ];
  return { viewport: { bounds: geoBounds(union) } };
}

/**
 * A hit without its survey-grade LV95 outline: the result list and the map highlight need only the WGS84
 * one, and the detail routes give the precise form (a tenth of the reply's bytes).
 */
function searchHitSource({ geometryLv95: _surveyOutline, ...parcel }: Parcel): Parcel {
  return parcel;
}

/**
 * The Elasticsearch shape the client reads: hits, total and one bucket per municipality; a search that
 * found nothing for a reason the user should know carries it as `errorMessage` (spec §8: shown as the
 * no-hits warning).
 */
export function toSearchResponse(result: ParcelSearchResult & { notice?: string }): SearchResponse {
  return {
    ...(result.notice ? { errorMessage: result.notice } : {}),
    hits: {
      hits: result.hits.map((parcel) => ({ _id: parcel.PRC_ID, _source: searchHitSource(parcel) })),
      total: { value: result.total, relation: result.exact ? 'eq' : 'gte' },
    },
    aggregations: {
      byLocation: {
        buckets: result.byMunicipality.map((m) => ({
          key: m.name,
          doc_count: m.count,
          city: { geometry: { type: 'Point', coordinates: [m.lon, m.lat] } },
          ...(m.bounds ? { bounds: geoBounds(m.bounds) } : {}),
        })),
      },
      ...viewportOf(result.byMunicipality),
    },
    error: false,
  };
}

/**
 * A search page's reply as it goes on the wire: its JSON text, or that text compressed for the client
 * (`encoding`, chosen by replyEncodingOf from its Accept-Encoding; below the threshold it stays text).
 */
export type SearchReplyBody = { text: string } | { bytes: Uint8Array; encoding: ReplyEncoding };

/**
 * The reply's bytes, made where the search ran (a search worker, ADR 070): the event loop then only writes
 * them, instead of receiving the hits as objects, serialising and compressing them.
 */
export function searchReplyBody(response: SearchResponse, encoding: ReplyEncoding | null): SearchReplyBody {
  const text = JSON.stringify(response);
  if (encoding === null || Buffer.byteLength(text) < COMPRESSION_THRESHOLD_BYTES) return { text };
  return { bytes: compressBytes(text, encoding), encoding };
}
