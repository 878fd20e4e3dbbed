import {
  BUILDING_BASIC_FIELDS,
  PARCEL_BASIC_FIELDS,
  PARCEL_SUMMARY_FIELDS,
  type BasicParcelObjectsResponse,
  type BuildingObject,
  type Parcel,
  type ParcelSummary,
} from '../../../src/contract/Parcel';
import type { ParcelDetail, ParcelRepository } from '../../store/contract/parcels/ParcelRepository';

/**
 * The free detail replies of a parcel: `objects` (maps/prcid/{id}/objects: its basic fields and its
 * buildings') and `summary` (…/summary: the map's hover popup). The counted full view (…/objects-full)
 * is not one of them: it counts its quota in the main thread's unit of work (ADR 044).
 */
export type FreeDetailForm = 'objects' | 'summary';

function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) if (source[key] !== undefined) picked[key] = source[key];
  return picked;
}

/** maps/prcid/{id}/objects: the contract's basic fields only (objects-full, counted, gives the rest). */
export function toBasicObjectsResponse(
  parcel: Parcel,
  objects: BuildingObject[],
): BasicParcelObjectsResponse {
  return {
    feature: pick(parcel, PARCEL_BASIC_FIELDS),
    objects: objects.map((object) => pick(object, BUILDING_BASIC_FIELDS)),
  };
}

/** maps/prcid/{id}/summary: the hover popup's fields (what a search hit's card shows anyway). */
export function toParcelSummary(parcel: Parcel): ParcelSummary {
  return pick(parcel, PARCEL_SUMMARY_FIELDS);
}

/**
 * The reply body of `form` for this parcel as JSON text, exactly what fastify's serialiser makes of the
 * reply object (JSON.stringify), so it can be made on any thread and sent as it is.
 */
export function freeDetailReplyText({ parcel, objects }: ParcelDetail, form: FreeDetailForm): string {
  return JSON.stringify(
    form === 'objects' ? toBasicObjectsResponse(parcel, objects) : toParcelSummary(parcel),
  );
}

/**
 * Answers the free detail replies as JSON text, null for a parcel id the dataset does not have. On the
 * SQLite file the search worker threads make them (detailRepliesOnWorkers, ADR 044), so the event loop
 * only routes, authenticates and writes the bytes; elsewhere the main thread's repository does.
 */
export interface ParcelDetailReplies {
  replyText(prcId: string, form: FreeDetailForm): Promise<string | null>;
}

/** The replies made on this thread from the repository port (PostgreSQL, in-memory SQLite, jest). */
export function detailRepliesInProcess(parcels: Pick<ParcelRepository, 'parcel'>): ParcelDetailReplies {
  return {
    async replyText(prcId, form) {
      const detail = await parcels.parcel(prcId);
      return detail ? freeDetailReplyText(detail, form) : null;
    },
  };
}
