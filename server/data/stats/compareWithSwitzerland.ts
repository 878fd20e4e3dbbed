import type { DatasetStatistics } from '../../store/contract/parcels/datasetStatistics';
import { BUILDING_ZONES } from '../catalog/zoneCatalog';
import {
  BUILDING_ZONE_SHARE,
  CANTON_FIGURES,
  type CantonFigures,
  CONSTRUCTION_PERIOD_SHARES,
  FOREST_SHARE,
  SWISS_BUILDINGS,
  SWISS_PARCELS,
  TARGET_PARCEL_SIZE,
} from './swissFigures';

/** What a row is compared with: a real figure of the cantons built, a national one, or the generator's target. */
export type ReferenceKind = 'canton' | 'national' | 'target' | 'none';

export interface ComparisonRow {
  figure: string;
  dataset: number;
  /** The reference value; NaN when none is held for the cantons built. */
  real: number;
  unit: 'count' | 'share' | 'm²';
  /** dataset / real (NaN without a reference) */
  ratio: number;
  reference: ReferenceKind;
  /** Which reference, in words: "BFS GWS 2022, whole country", "generator target", … */
  source: string;
}

const FOREST_MAIN_USE = '43';
const ALL_CANTONS = 26;

/** The cantons' own land-weighted figure when every canton built has one, else null. */
function cantonFigure(
  landByCanton: Readonly<Record<string, number>>,
  pick: (figures: CantonFigures) => number | undefined,
): number | null {
  const cantons = Object.keys(landByCanton);
  const values = cantons.map((c) => pick(CANTON_FIGURES[c] ?? {}));
  if (cantons.length === 0 || values.some((v) => v === undefined)) return null;
  const land = cantons.reduce((sum, c) => sum + landByCanton[c], 0) || 1;
  return cantons.reduce((sum, c, i) => sum + (values[i] as number) * landByCanton[c], 0) / land;
}

/**
 * The dataset's figures beside real ones for the cantons built: a canton's own figure where held; the
 * national figure only when the whole country is built (or, for the construction periods, which the
 * generator draws nationally, labelled so); the parcel medians against the generator's targets. A
 * figure without a reference for the cantons built is listed without a ratio.
 *
 * `landByCanton`: each built canton's municipal land (m²), for weighting per-canton shares; `coveredLandShare`:
 * their land as a share of the country's, for the national counts of a whole-country build.
 */
export function compareWithSwitzerland(
  stats: DatasetStatistics,
  coveredLandShare: number,
  landByCanton: Readonly<Record<string, number>> = {},
): ComparisonRow[] {
  const wholeCountry = stats.cantons.length >= ALL_CANTONS;
  const row = (
    figure: string,
    dataset: number,
    real: number | null,
    unit: ComparisonRow['unit'],
    reference: ReferenceKind,
    source: string,
  ): ComparisonRow => {
    const value = real ?? Number.NaN;
    return {
      figure,
      dataset,
      real: value,
      unit,
      ratio: value === 0 || Number.isNaN(value) ? Number.NaN : dataset / value,
      reference: real === null ? 'none' : reference,
      source: real === null ? 'no reference held for these cantons' : source,
    };
  };
  /** A canton figure where every built canton has one, the national one for the whole country. */
  const realFigure = (
    pick: (figures: CantonFigures) => number | undefined,
    national: number,
    cantonSource: string,
    nationalSource: string,
  ): [number | null, ReferenceKind, string] => {
    const own = cantonFigure(landByCanton, pick);
    if (own !== null) return [own, 'canton', cantonSource];
    return wholeCountry ? [national, 'national', nationalSource] : [null, 'none', ''];
  };
  const land = stats.landArea || 1;
  const areaOf = (uses: (use: string) => boolean) =>
    Object.entries(stats.areaByMainUse)
      .filter(([use]) => uses(use))
      .reduce((sum, [, area]) => sum + area, 0);
  const buildingZoneArea = areaOf((use) => BUILDING_ZONES.has(Number(use) as never));
  const parcels = realFigure(
    (f) => f.parcels,
    Math.round(SWISS_PARCELS * coveredLandShare),
    'cadastre.ch, per canton',
    'cadastre.ch, whole country (scaled to the land covered)',
  );
  const zones = realFigure(
    (f) => f.buildingZoneShare,
    BUILDING_ZONE_SHARE,
    'ARE building zones 2022, per canton',
    'ARE building zones 2022, whole country',
  );
  const forest = realFigure(
    (f) => f.forestShare,
    FOREST_SHARE,
    'Arealstatistik 2013/18, per canton',
    'Arealstatistik 2013/18, whole country',
  );
  const rows: ComparisonRow[] = [
    row('parcels', stats.parcels, parcels[0], 'count', parcels[1], parcels[2]),
    row(
      'buildings',
      stats.buildings,
      wholeCountry ? Math.round(SWISS_BUILDINGS * coveredLandShare) : null,
      'count',
      'national',
      'GWR, whole country (scaled to the land covered)',
    ),
    row('building-zone share of the land', buildingZoneArea / land, zones[0], 'share', zones[1], zones[2]),
    row('forest share of the land', areaOf((use) => use === FOREST_MAIN_USE) / land, forest[0], 'share', forest[1], forest[2]),
  ];
  for (const [use, target] of Object.entries(TARGET_PARCEL_SIZE)) {
    const median = stats.medianByMainUse[use];
    if (median === undefined) continue;
    rows.push(
      row(`median parcel, ${target.label}`, median, Math.round(Math.sqrt(target.from * target.to)), 'm²', 'target', 'generator target'),
    );
  }
  const buildings = Object.values(stats.buildingsByPeriod).reduce((a, b) => a + b, 0) || 1;
  for (const period of CONSTRUCTION_PERIOD_SHARES) {
    const n = period.periods.reduce((sum, label) => sum + (stats.buildingsByPeriod[label] ?? 0), 0);
    rows.push(
      row(
        `buildings built ${period.label}`,
        n / buildings,
        period.share,
        'share',
        'national',
        wholeCountry ? 'BFS GWS 2022, whole country' : 'BFS GWS 2022, whole country (no per-canton share held)',
      ),
    );
  }
  return rows;
}

const formatValue = (value: number, unit: ComparisonRow['unit']) => {
  if (Number.isNaN(value)) return '–';
  return unit === 'share'
    ? `${(value * 100).toFixed(1)} %`
    : `${Math.round(value).toLocaleString('en-US')}${unit === 'm²' ? ' m²' : ''}`;
};

/** The comparison as an aligned plain-text table (and a Markdown one for docs/data-and-importing.md). */
export function formatComparison(rows: readonly ComparisonRow[], markdown = false): string {
  const cells = rows.map((r) => [
    r.figure,
    formatValue(r.dataset, r.unit),
    formatValue(r.real, r.unit),
    Number.isFinite(r.ratio) ? r.ratio.toFixed(2) : '–',
    r.source,
  ]);
  const header = ['figure', 'dataset', 'reference', 'ratio', 'source'];
  if (markdown) return [header, header.map(() => '---'), ...cells].map((line) => `| ${line.join(' | ')} |`).join('\n');
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  return [header, ...cells]
    .map((line) =>
      line
        .map((cell, i) => (i === 0 || i === line.length - 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
