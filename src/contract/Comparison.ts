/** How many parcels a comparison holds: at least two, at most five (screen, PDF and the tray alike). */
export const COMPARISON_MIN_PARCELS = 2;
export const COMPARISON_MAX_PARCELS = 5;

/** The rows of a comparison, in the order the screen and the PDF print them. */
export const COMPARISON_ROW_KEYS = [
  'area',
  'zone',
  'utilisation',
  'reserve',
  'hazards',
  'radon',
  'heritage',
  'groundwater',
  'noise',
  'solar',
  'price',
  'fixedPoints',
] as const;
export type ComparisonRowKey = (typeof COMPARISON_ROW_KEYS)[number];

/** Which end of a numeric row is the better one; rows without an order are only marked as differing. */
export type ComparisonOrder = 'higherIsBetter' | 'lowerIsBetter';

/** A cell's place among the row's values: best or worst of a numeric row with an order. */
export type CellRank = 'best' | 'worst' | null;

export interface ComparisonRow {
  key: ComparisonRowKey;
  /** The row's label in the requested language. */
  label: string;
  /** One text per parcel, in the parcels' order. */
  values: string[];
  /** Whether the parcels' values are not all the same. */
  differs: boolean;
  /** Per parcel: best or worst of the row (only rows with a numeric order, only when they differ). */
  ranks: CellRank[];
}

export interface ComparedParcel {
  /** A parcel's EGRID, or a site's EGRIDs joined by SITE_EGRID_SEPARATOR (the column's key). */
  egrid: string;
  /** A parcel's number, or a site's numbers ("3220 + 3221"). */
  number: string;
  place: string;
  canton: string;
  /** A site's parcels (a site is compared like a parcel); absent for a parcel. */
  parcels?: ComparedParcel[];
}

/**
 * Joins a site's EGRIDs into one comparison column (`egrids=CH1&egrids=CH2+CH3+CH4`): the site of 2–20
 * neighbouring parcels, its figures summed and its constraints united, as the site panel shows them.
 */
export const SITE_EGRID_SEPARATOR = '+';

/** `GET /v1/secure/compare?egrids=…&egrids=…`: the parcels (or sites) and their aligned rows. */
export interface ParcelComparison {
  parcels: ComparedParcel[];
  rows: ComparisonRow[];
}
