import type { PolygonGeometry } from './Parcel';

/** How many parcels a site holds: at least two, at most twenty (screen, PDF, DXF and the selection alike). */
export const SITE_MIN_PARCELS = 2;
export const SITE_MAX_PARCELS = 20;

/**
 * Two parcels are neighbours when their outlines touch or are at most this far apart, metres (ADR 037):
 * surveyed boundaries of one cadastre share their corners, so the tolerance only absorbs rounding.
 */
export const SITE_NEIGHBOUR_TOLERANCE_METRES = 0.5;

/** The constraint themes a site unites, in the order the panel and the PDF list them. */
export const SITE_CONSTRAINT_KEYS = [
  'hazards',
  'heritage',
  'groundwater',
  'noise',
  'radon',
  'contamination',
] as const;
export type SiteConstraintKey = (typeof SITE_CONSTRAINT_KEYS)[number];

/** One parcel of a site with the figures the site adds up. */
export interface SiteParcel {
  egrid: string;
  number: string;
  place: string;
  canton: string;
  /** Register area, m². */
  area: number;
  /** Buildable floor area and reserve from the assessment's rule, m²; null outside building zones. */
  buildableFloorArea: number | null;
  reserve: number | null;
}

/** One constraint theme over the whole site: the worst (or any) value and the parcels that carry it. */
export interface SiteConstraint {
  key: SiteConstraintKey;
  /** The theme's label in the requested language. */
  label: string;
  /** What the site carries, in the requested language ("none" when no parcel carries anything). */
  value: string;
  /** Numbers of the parcels that carry the value; empty when none does. */
  parcels: string[];
  /** Whether the value restricts building, by the assessment's constraint rules (ES II or low radon do not). */
  binding: boolean;
}

/** `GET /v1/secure/maps/site?egrids=…&egrids=…`: a site assembled from neighbouring parcels. */
export interface LandSite {
  parcels: SiteParcel[];
  /** Sum of the parcels' register areas, m². */
  area: number;
  /** Area of the united outline, m² (equal to `area` up to survey rounding). */
  outlineArea: number;
  /** Sums over the parcels in building zones, m² (parcels outside count 0). */
  buildableFloorArea: number;
  reserve: number;
  /** The union of the parcels' outlines: LV95 (EPSG:2056) metres, and WGS84 for the map. */
  outlineLv95: PolygonGeometry;
  outline: PolygonGeometry;
  constraints: SiteConstraint[];
}

/** The site routes under /v1/secure: the figures, the PDF and the DXF of the same parcels. */
export const SITE_PATHS = {
  figures: 'maps/site',
  pdf: 'maps/site/pdf',
  dxf: 'maps/site/dxf',
} as const;

/** `egrids=A&egrids=B…` for the site routes. */
export const siteQuery = (egrids: readonly string[]): string =>
  egrids.map((egrid) => `egrids=${encodeURIComponent(egrid)}`).join('&');
