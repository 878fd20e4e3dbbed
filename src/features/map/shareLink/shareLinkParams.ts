import { SITE_MAX_PARCELS } from '../../../contract/Sites';
import { listPart } from '../../../lib/url/queryParts';
import type { MapView } from '../mapSlice';

/**
 * The share link's part of the map view's query string (ADR 017), beside the search filters:
 * `map=lon,lat,zoom,pitch,bearing`, `parcel=<PRC_ID>` of the open parcel and `site=<EGRID>,<EGRID>,…` of the
 * site being assembled. Opening the link shows the same camera, drawer and site. The URL-state
 * table (features/urlState) reads and writes them with these functions.
 */
export const VIEW_PARAM = 'map';
export const PARCEL_PARAM = 'parcel';
export const SITE_PARAM = 'site';

export type CameraView = Required<MapView>;

/** Rounded to what a screen can show: 5 decimals of a degree is about 1 m; zoom to 1/100. */
export function viewParamValue({ center, zoom, pitch, bearing }: CameraView): string {
  const round = (value: number, decimals: number) => String(Number(value.toFixed(decimals)));
  return [round(center[0], 5), round(center[1], 5), round(zoom, 2), round(pitch, 1), round(bearing, 1)].join(
    ',',
  );
}

/** Reads `map=`; anything malformed or out of range is ignored (the link then opens at the start view). */
export function readViewParam(value: string | null): CameraView | null {
  if (!value) return null;
  const numbers = value.split(',').map(Number);
  if (numbers.length !== 5 || numbers.some((n) => !Number.isFinite(n))) return null;
  const [lon, lat, zoom, pitch, bearing] = numbers;
  const inRange =
    Math.abs(lon) <= 180 && Math.abs(lat) <= 85 && zoom >= 0 && zoom <= 22 && pitch >= 0 && pitch <= 85;
  return inRange
    ? { center: [lon, lat], zoom, pitch, bearing: ((((bearing + 180) % 360) + 360) % 360) - 180 }
    : null;
}

/** A parcel id as the data has them (CH + 12 digits, or similar): letters, digits, dashes, dots. */
export function readParcelParam(value: string | null): string | null {
  return value && /^[A-Za-z0-9._-]{1,64}$/.test(value) ? value : null;
}

/** Reads `site=`: the valid parcel ids, distinct, at most a site's 20; an empty list when there are none. */
export function readSiteParam(value: string | null): string[] {
  const ids = (value ?? '').split(',').flatMap((id) => readParcelParam(id.trim()) ?? []);
  return [...new Set(ids)].slice(0, SITE_MAX_PARCELS);
}

/** `map=lon,lat,zoom,pitch,bearing` as a query part (the commas encoded, as links have always had them). */
export const viewPart = (view: CameraView): string =>
  new URLSearchParams({ [VIEW_PARAM]: viewParamValue(view) }).toString();

/** `parcel=<PRC_ID>` as a query part. */
export const parcelPart = (parcelId: string): string =>
  new URLSearchParams({ [PARCEL_PARAM]: parcelId }).toString();

/** `site=<EGRID>,<EGRID>` as a query part; the ids' commas stay readable in a shared link. */
export const sitePart = (siteIds: readonly string[]): string => listPart(SITE_PARAM, siteIds);
