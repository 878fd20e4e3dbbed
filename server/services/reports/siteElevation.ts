import type { ReportSubject } from './ReportSubject';

/** The height the exports give the parcel's ground, and where it comes from. */
export interface SiteElevation {
  /** Metres above sea level (LN02); 0 when the dataset holds no height near the parcel. */
  metres: number;
  /** The fixed point it was taken from (FIX_NAM); null when assumed. */
  fixedPoint: string | null;
}

/**
 * The parcel's height above sea level: the altitude of the nearest fixed point that has one (height fixed
 * points carry LN02 heights). Without one the height is unknown and 0 m is assumed; the exports say so.
 */
export function siteElevation(subject: ReportSubject): SiteElevation {
  const nearest = (subject.parcel.FIXPOINTS ?? [])
    .filter((point) => point.FIX_ALT !== undefined && Number.isFinite(point.FIX_ALT))
    .sort((a, b) => a.FIX_DTP - b.FIX_DTP)[0];
  return nearest
    ? { metres: nearest.FIX_ALT as number, fixedPoint: nearest.FIX_NAM }
    : { metres: 0, fixedPoint: null };
}
