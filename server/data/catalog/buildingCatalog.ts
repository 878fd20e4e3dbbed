import type { BuildingType } from '../../../src/contract/Parcel';

/**
 * GWR construction periods (GBAUP) with their year ranges and weights: before 1919, 1919–45, 1971–80 and
 * from 2011 set so the dataset meets the BFS GWS 2022 shares of buildings with housing (18.7, 11.1, 10.9
 * and 8.6 %; old-town cores add to the oldest), the others a rough share of the stock.
 */
export const CONSTRUCTION_PERIODS: readonly {
  code: number;
  from: number;
  to: number;
  label: string;
  weight: number;
}[] = [
  { code: 8011, from: 1700, to: 1918, label: 'before 1919', weight: 16.6 },
  { code: 8012, from: 1919, to: 1945, label: '1919-1945', weight: 11.2 },
  { code: 8013, from: 1946, to: 1960, label: '1946-1960', weight: 10.2 },
  { code: 8014, from: 1961, to: 1970, label: '1961-1970', weight: 10.2 },
  { code: 8015, from: 1971, to: 1980, label: '1971-1980', weight: 11 },
  { code: 8016, from: 1981, to: 1985, label: '1981-1985', weight: 6.1 },
  { code: 8017, from: 1986, to: 1990, label: '1986-1990', weight: 6.1 },
  { code: 8018, from: 1991, to: 1995, label: '1991-1995', weight: 5.1 },
  { code: 8019, from: 1996, to: 2000, label: '1996-2000', weight: 5.1 },
  { code: 8020, from: 2001, to: 2005, label: '2001-2005', weight: 4.5 },
  { code: 8021, from: 2006, to: 2010, label: '2006-2010', weight: 4.6 },
  { code: 8022, from: 2011, to: 2015, label: '2011-2015', weight: 4.2 },
  { code: 8023, from: 2016, to: 2025, label: 'from 2016', weight: 4.4 },
];

/** The periods' weights as `Rng.weighted` takes them. */
export const PERIOD_WEIGHTS: readonly (readonly [number, number])[] = CONSTRUCTION_PERIODS.map(
  (p) => [p.code, p.weight] as const,
);

/** Small non-residential structures and their share among them. */
export const MINOR_TYPES: readonly (readonly [BuildingType, number])[] = [
  ['shelter', 3], ['water_basin', 2], ['mast_antenna', 2], ['wall', 3], ['monument', 1], ['bridge', 1],
  ['underground_building', 3], ['tunnel_underpass_gallery', 1], ['other_part', 4],
];
