/**
 * Real Swiss figures the demo dataset aims at, with their sources (README § Dataset realism). Shares are of
 * the land; counts are for the whole country and are scaled by the covered land for a partial dataset.
 */
export const SWISS_AREA_KM2 = 41_285; // BFS, area of Switzerland

export const SWISS_PARCELS = 4_000_000; // cadastral survey (swisstopo, cantonal surveys): about 4 million parcels
export const SWISS_BUILDINGS = 2_500_000; // BFS, Federal Register of Buildings and Dwellings (GWR), all buildings

/**
 * Land in building zones: ARE building-zone statistics 2022 (Bauzonenstatistik Schweiz), 234,337 ha of the
 * country's 4,128,500 ha = 5.7 % (it was given as "about 5 %" before issue 15).
 */
export const BUILDING_ZONE_SHARE = 0.057;
/** Wooded land: BFS land-use statistics 2013/18 (Arealstatistik), about 32 %. */
export const FOREST_SHARE = 0.32;

/**
 * Buildings with housing by construction period, BFS building and dwelling statistics (GWS), rounded
 * shares; the register's 5-year periods after 1980 are summed into decades.
 */
export const CONSTRUCTION_PERIOD_SHARES: readonly { label: string; periods: readonly string[]; share: number }[] = [
  { label: 'before 1919', periods: ['before 1919'], share: 0.16 },
  { label: '1919–1945', periods: ['1919-1945'], share: 0.09 },
  { label: '1946–1960', periods: ['1946-1960'], share: 0.1 },
  { label: '1961–1970', periods: ['1961-1970'], share: 0.1 },
  { label: '1971–1980', periods: ['1971-1980'], share: 0.12 },
  { label: '1981–1990', periods: ['1981-1985', '1986-1990'], share: 0.12 },
  { label: '1991–2000', periods: ['1991-1995', '1996-2000'], share: 0.1 },
  { label: '2001–2010', periods: ['2001-2005', '2006-2010'], share: 0.09 },
  { label: 'from 2011', periods: ['2011-2015', 'from 2016'], share: 0.12 },
];

/**
 * Typical parcel sizes by federal main use (m², cadastral practice as in the data notes; no federal
 * statistic publishes medians): the dataset's median is compared with the range's geometric middle.
 */
export const TYPICAL_PARCEL_SIZE: Readonly<Record<string, { label: string; from: number; to: number }>> = {
  '11': { label: 'residential (11)', from: 400, to: 1_000 },
  '12': { label: 'work (12)', from: 2_000, to: 20_000 },
  '13': { label: 'mixed (13)', from: 800, to: 3_000 },
  '14': { label: 'centre (14)', from: 150, to: 500 },
  '21': { label: 'agriculture (21)', from: 5_000, to: 50_000 },
};
