import { SITE_MAX_PARCELS } from '../../../contract/Sites';
import type { MapView } from '../mapSlice';

/**
 * The share link's part of the map view's query string (ADR 017), beside the search filters:
 * `map=lon,lat,zoom,pitch,bearing`, `parcel=<PRC_ID>` of the open parcel and `site=<EGRID>,<EGRID>,…` of the
 * site being assembled. Opening the link shows the same camera, drawer and site.
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

/** What the share link carries besides the camera: the open parcel and the site's parcels. */
export interface SharedSelection {
  parcelId: string | null;
  siteIds: string[];
}

/** The query string with the share-link parameters set to the screen's view, parcel and site (others kept). */
export function withShareLink(
  query: string,
  view: CameraView,
  { parcelId, siteIds }: SharedSelection,
): string {
  const params = new URLSearchParams(query);
  params.set(VIEW_PARAM, viewParamValue(view));
  if (parcelId) params.set(PARCEL_PARAM, parcelId);
  else params.delete(PARCEL_PARAM);
  if (siteIds.length > 0) params.set(SITE_PARAM, siteIds.join(','));
  else params.delete(SITE_PARAM);
  // The ids' commas stay readable in a shared link (URLSearchParams would write %2C).
  return params.toString().replace(/(^|&)site=[^&]*/, (part) => part.replaceAll('%2C', ','));
}
