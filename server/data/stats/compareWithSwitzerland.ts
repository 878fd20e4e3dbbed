import type { DatasetStatistics } from '../../store/contract/parcels/datasetStatistics';
import { BUILDING_ZONES } from '../catalog/zoneCatalog';
import {
  BUILDING_ZONE_SHARE,
  CANTON_REFERENCES,
  type CantonReference,
  CONSTRUCTION_PERIOD_SHARES,
  FOREST_SHARE,
  SWISS_BUILDINGS,
  SWISS_PARCELS,
  TARGET_PARCEL_SIZE,
} from './swissFigures';

/** What a row is compared with: a real figure of a canton built, a national one, or the generator's target. */
export type ReferenceKind = 'canton' | 'national' | 'target' | 'none';

export interface ComparisonRow {
  figure: string;
  dataset: number;
  /** The reference value; NaN when none is held for the cantons built. */
  real: number;
  unit: 'count' | 'share' | 'm²' | 'ha';
  /** dataset / real (NaN without a reference) */
  ratio: number;
  reference: ReferenceKind;
  /** Which reference, in words: "BFS GWS 2022, whole country", "generator target", … */
  source: string;
}

const FOREST_MAIN_USE = '43';
const ALL_CANTONS = 26;
const M2_PER_HECTARE = 10_000;

const isBuildingZone = (use: string) => BUILDING_ZONES.has(Number(use) as never);

function areaOf(areaByMainUse: Readonly<Record<string, number>>, uses: (use: string) => boolean): number {
  return Object.entries(areaByMainUse)
    .filter(([use]) => uses(use))
    .reduce((sum, [, area]) => sum + area, 0);
}

function comparisonRow(
  figure: string,
  dataset: number,
  real: number | null,
  unit: ComparisonRow['unit'],
  reference: ReferenceKind,
  source: string,
): ComparisonRow {
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
}

/**
 * The dataset's figures beside the national ones: counts and shares only when the whole country is built
 * (per canton see compareCantons); the construction periods, which the generator draws nationally, always,
 * labelled so; the parcel medians against the generator's targets. A figure without a reference for the
 * cantons built is listed without a ratio.
 *
 * `coveredLandShare`: the built cantons' land as a share of the country's, for the national counts.
 */
export function compareWithSwitzerland(stats: DatasetStatistics, coveredLandShare: number): ComparisonRow[] {
  const wholeCountry = stats.cantons.length >= ALL_CANTONS;
  const national = (value: number, source: string): [number | null, ReferenceKind, string] =>
    wholeCountry ? [value, 'national', source] : [null, 'none', ''];
  const land = stats.landArea || 1;
  const parcels = national(
    Math.round(SWISS_PARCELS * coveredLandShare),
    'cadastre.ch 2023, whole country (scaled to the land covered)',
  );
  const zones = national(BUILDING_ZONE_SHARE, 'ARE building zones 2022, whole country');
  const forest = national(FOREST_SHARE, 'Arealstatistik 2013/18, whole country');
  const rows: ComparisonRow[] = [
    comparisonRow('parcels', stats.parcels, parcels[0], 'count', parcels[1], parcels[2]),
    comparisonRow(
      'buildings',
      stats.buildings,
      wholeCountry ? Math.round(SWISS_BUILDINGS * coveredLandShare) : null,
      'count',
      'national',
      'GWR, whole country (scaled to the land covered)',
    ),
    comparisonRow(
      'building-zone share of the land',
      areaOf(stats.areaByMainUse, isBuildingZone) / land,
      zones[0],
      'share',
      zones[1],
      zones[2],
    ),
    comparisonRow(
      'forest share of the land',
      areaOf(stats.areaByMainUse, (use) => use === FOREST_MAIN_USE) / land,
      forest[0],
      'share',
      forest[1],
      forest[2],
    ),
  ];
  for (const [use, target] of Object.entries(TARGET_PARCEL_SIZE)) {
    const median = stats.medianByMainUse[use];
    if (median === undefined) continue;
    rows.push(
      comparisonRow(`median parcel, ${target.label}`, median, Math.round(Math.sqrt(target.from * target.to)), 'm²', 'target', 'generator target'),
    );
  }
  const buildings = Object.values(stats.buildingsByPeriod).reduce((a, b) => a + b, 0) || 1;
  for (const period of CONSTRUCTION_PERIOD_SHARES) {
    const n = period.periods.reduce((sum, label) => sum + (stats.buildingsByPeriod[label] ?? 0), 0);
    rows.push(
      comparisonRow(
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

function cantonValue(
  byCanton: DatasetStatistics['byCanton'],
  cantons: readonly string[],
  figure: CantonReference['figure'],
): number {
  return cantons.reduce((sum, canton) => {
    const own = byCanton[canton];
    if (figure === 'parcels') return sum + own.parcels;
    const uses = figure === 'forest' ? (use: string) => use === FOREST_MAIN_USE : isBuildingZone;
    return sum + areaOf(own.areaByMainUse, uses) / M2_PER_HECTARE;
  }, 0);
}

/**
 * Each built canton beside its own published figures (CANTON_REFERENCES), in counts and hectares: one row
 * per reference whose cantons are all built; none for a canton without a held figure.
 */
export function compareCantons(
  stats: DatasetStatistics,
  references: readonly CantonReference[] = CANTON_REFERENCES,
): ComparisonRow[] {
  return references
    .filter((reference) => reference.cantons.every((canton) => canton in stats.byCanton))
    .map((reference) => {
      const name = `${reference.cantons.join('+')} ${reference.figure === 'parcels' ? 'parcels' : reference.figure + ' (ha)'}`;
      const error = reference.standardError === undefined ? '' : ` (± ${Math.round(reference.standardError * 100)} %)`;
      return comparisonRow(
        name,
        cantonValue(stats.byCanton, reference.cantons, reference.figure),
        reference.value,
        reference.figure === 'parcels' ? 'count' : 'ha',
        'canton',
        reference.source + error,
      );
    });
}

const formatValue = (value: number, unit: ComparisonRow['unit']) => {
  if (Number.isNaN(value)) return '–';
  return unit === 'share'
    ? `${(value * 100).toFixed(1)} %`
    : `${Math.round(value).toLocaleString('en-US')}${unit === 'm²' || unit === 'ha' ? ` ${unit}` : ''}`;
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
