import { CANTON_FOREST, LFI_SOURCE } from '../catalog/cantonForest';

/**
 * Real Swiss figures the dataset is compared with, each with its source (docs/data-and-importing.md § Dataset realism).
 * Only figures held with their source are here: where a per-canton figure is not held, no ratio is
 * printed rather than one against a national figure that does not describe the cantons built.
 */
export const SWISS_AREA_KM2 = 41_285; // BFS, area of Switzerland

/** Parcels (Liegenschaften) of the official cadastral survey, whole country, 2023 (cadastre.ch: "4'055 Mio."). */
export const SWISS_PARCELS = 4_055_000;
/** Buildings of the Federal Register of Buildings and Dwellings (GWR), whole country, about 2.5 million. */
export const SWISS_BUILDINGS = 2_500_000;

/** ARE building-zone statistics 2022 (Bauzonenstatistik Schweiz): 234,337 ha of 4,128,500 ha. */
export const BUILDING_ZONE_SHARE = 0.057;
/** BFS land-use statistics 2013/18 (Arealstatistik): wooded land about 32 % of the country. */
export const FOREST_SHARE = 0.32;

/** What a canton's published figure counts: parcels, or hectares of building zones or of forest. */
export type CantonFigure = 'parcels' | 'building zones' | 'forest';

/** One published figure of a canton (or of cantons published together, as LFI's BL/BS), with its source. */
export interface CantonReference {
  cantons: readonly string[];
  figure: CantonFigure;
  /** A count for parcels, hectares for areas. */
  value: number;
  /** The figure's own standard error (±, a share of the value) where the source gives one. */
  standardError?: number;
  source: string;
}

/**
 * The cantons' own published figures held with their source (docs/data-and-importing.md § Dataset realism):
 * compared canton by canton, in counts and hectares rather than shares, so that lakes (in a canton's area,
 * not in its parcels) do not enter the ratio. A canton without a figure here is not compared.
 */
export const CANTON_REFERENCES: readonly CantonReference[] = [
  {
    cantons: ['GE'],
    figure: 'parcels',
    value: 70_929,
    source: 'Tribune de Genève, "La propriété à Genève", ch. 12: "70 929 parcelles"',
  },
  {
    cantons: ['ZG'],
    figure: 'building zones',
    value: 2_281,
    source: 'ARE building-zone statistics 2022, as published by Kanton Zug (zg.ch, November 2022)',
  },
  {
    cantons: ['AG'],
    figure: 'building zones',
    value: 20_585,
    source: "Kanton Aargau, Bauzonen (ag.ch): 20,585 ha at the end of 2021, the cut-off of ARE's 2022 statistics",
  },
  ...CANTON_FOREST.map(
    ({ cantons, hectares, standardError }): CantonReference => ({
      cantons,
      figure: 'forest',
      value: hectares,
      standardError,
      source: LFI_SOURCE,
    }),
  ),
];

/**
 * Buildings with housing by construction period, BFS building and dwelling statistics (GWS) 2022, whole
 * country: the four periods whose shares are held. The generator draws these national shares everywhere.
 */
export const CONSTRUCTION_PERIOD_SHARES: readonly { label: string; periods: readonly string[]; share: number }[] = [
  { label: 'before 1919', periods: ['before 1919'], share: 0.187 },
  { label: '1919–1945', periods: ['1919-1945'], share: 0.111 },
  { label: '1971–1980', periods: ['1971-1980'], share: 0.109 },
  { label: 'from 2011', periods: ['2011-2015', 'from 2016'], share: 0.086 },
];

/**
 * The generator's own target parcel sizes by federal main use (m², cadastral practice as in the data
 * notes; no statistic publishes medians): targets, not real figures.
 */
export const TARGET_PARCEL_SIZE: Readonly<Record<string, { label: string; from: number; to: number }>> = {
  '11': { label: 'residential (11)', from: 400, to: 1_000 },
  '12': { label: 'work (12)', from: 2_000, to: 20_000 },
  '13': { label: 'mixed (13)', from: 800, to: 3_000 },
  '14': { label: 'centre (14)', from: 150, to: 500 },
  '21': { label: 'agriculture (21)', from: 5_000, to: 50_000 },
};
