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
  egrid: string;
  number: string;
  place: string;
  canton: string;
}

/** `GET /v1/secure/compare?egrids=…&egrids=…`: the parcels and their aligned rows. */
export interface ParcelComparison {
  parcels: ComparedParcel[];
  rows: ComparisonRow[];
}
