/** Where the forest areas come from (docs/data-and-importing.md § Dataset realism). */
export const LFI_SOURCE = 'LFI (WSL/BAFU), forest area by canton incl. shrub forest, lfi.ch table #165759';

/** One canton's forest area (or two cantons' together, as the LFI publishes Basel-Landschaft and Basel-Stadt). */
export interface CantonForest {
  cantons: readonly string[];
  hectares: number;
  /** The table's own standard error, a share of the area. */
  standardError: number;
}

/** LFI forest area by canton, 1000 ha, with the table's own ± %: lfi.ch/resultate, product 165759. */
const LFI_FOREST_KHA: readonly [string, number, number][] = [
  ['AG', 49.1, 2], ['AI', 5.2, 12], ['AR', 8.0, 5], ['BE', 174.3, 2], ['BL/BS', 20.7, 5], ['FR', 42.9, 3],
  ['GE', 3.1, 20], ['GL', 19.5, 6], ['GR', 189.7, 2], ['JU', 33.9, 3], ['LU', 40.7, 3], ['NE', 28.2, 4],
  ['NW', 7.7, 8], ['OW', 19.7, 4], ['SG', 55.6, 4], ['SH', 12.8, 3], ['SO', 31.8, 3], ['SZ', 28.3, 5],
  ['TG', 21.3, 3], ['TI', 130.5, 2], ['UR', 21.4, 7], ['VD', 99.6, 2], ['VS', 115.3, 2], ['ZG', 6.0, 6],
  ['ZH', 51.1, 2],
];

/**
 * The real forest of every canton: the generator's target (each canton's forest field is cut where its
 * open land holds this much forest) and the statistics' reference.
 */
export const CANTON_FOREST: readonly CantonForest[] = LFI_FOREST_KHA.map(([cantons, kha, error]) => ({
  cantons: cantons.split('/'),
  hectares: Math.round(kha * 1_000),
  standardError: error / 100,
}));
