import type { FastifyReply } from 'fastify';
import type { GeoBounds, Parcel, SearchResponse } from '../../../../src/contract/Parcel';
import type {
  LonLatBounds,
  MunicipalityCount,
  ParcelSearchResult,
} from '../../../store/contract/parcels/ParcelRepository';
import type { QuotaKind } from '../../../../src/contract/Subscription';
import type { AppContext } from '../../../AppContext';

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

export const EMPTY_SEARCH: SearchResponse = {
  hits: { hits: [], total: { value: 0, relation: 'eq' } },
  aggregations: { byLocation: { buckets: [] } },
  error: false,
};

/** HTTP status for a used-up plan quota: never 403, which the client treats as "log out". */
export const QUOTA_DENIED_STATUS = 402;

/** A request refused by the plan: 402 with the spec's error fields (and `message`, which replies translate). */
export function sendQuotaDenied(
  reply: FastifyReply,
  { errorCode, message }: { errorCode: string; message: string },
): FastifyReply {
  return reply.code(QUOTA_DENIED_STATUS).send({ error: true, errorCode, errorMessage: message, message });
}

export interface QuotaDenial {
  error: true;
  errorCode: string;
  errorMessage: string;
}

/**
 * Counts one advanced search or full view for the user. Call it inside the db.transaction that serves
 * the request, so the count and the answer commit (or roll back) together. With `distinctKey` a request
 * already counted this period is free (see QuotaService.consume). Returns null when allowed,
 * else the error fields both routes answer with.
 */
export async function quotaDenial(
  ctx: AppContext,
  userId: string,
  kind: QuotaKind,
  distinctKey?: string,
): Promise<QuotaDenial | null> {
  const result = await ctx.quota.consume(userId, kind, distinctKey);
  if (result.ok) return null;
  return { error: true, errorCode: result.errorCode, errorMessage: result.message };
}
