import type { BuildingType } from '../../../src/contract/Parcel';

/** GWR construction periods (GBAUP) with their year ranges. */
export const CONSTRUCTION_PERIODS: readonly { code: number; from: number; to: number; label: string }[] = [
  { code: 8011, from: 1700, to: 1918, label: 'before 1919' },
  { code: 8012, from: 1919, to: 1945, label: '1919-1945' },
  { code: 8013, from: 1946, to: 1960, label: '1946-1960' },
  { code: 8014, from: 1961, to: 1970, label: '1961-1970' },
  { code: 8015, from: 1971, to: 1980, label: '1971-1980' },
  { code: 8016, from: 1981, to: 1985, label: '1981-1985' },
  { code: 8017, from: 1986, to: 1990, label: '1986-1990' },
  { code: 8018, from: 1991, to: 1995, label: '1991-1995' },
  { code: 8019, from: 1996, to: 2000, label: '1996-2000' },
  { code: 8020, from: 2001, to: 2005, label: '2001-2005' },
  { code: 8021, from: 2006, to: 2010, label: '2006-2010' },
  { code: 8022, from: 2011, to: 2015, label: '2011-2015' },
  { code: 8023, from: 2016, to: 2025, label: 'from 2016' },
];

/** Rough share of the Swiss building stock per period (older stock dominates old-town cores). */
export const PERIOD_WEIGHTS: readonly (readonly [number, number])[] = [
  [8011, 12], [8012, 8], [8013, 10], [8014, 10], [8015, 11], [8016, 6], [8017, 6],
  [8018, 5], [8019, 5], [8020, 5], [8021, 6], [8022, 6], [8023, 7],
];

/** Small non-residential structures and their share among them. */
export const MINOR_TYPES: readonly (readonly [BuildingType, number])[] = [
  ['shelter', 3], ['water_basin', 2], ['mast_antenna', 2], ['wall', 3], ['monument', 1], ['bridge', 1],
  ['underground_building', 3], ['tunnel_underpass_gallery', 1], ['other_part', 4],
];
