import type { DatasetStatistics } from '../../store/parcels/datasetStatistics';
import { BUILDING_ZONES } from '../catalog/zoneCatalog';
import {
  BUILDING_ZONE_SHARE,
  CONSTRUCTION_PERIOD_SHARES,
  FOREST_SHARE,
  SWISS_BUILDINGS,
  SWISS_PARCELS,
  TYPICAL_PARCEL_SIZE,
} from './swissFigures';

export interface ComparisonRow {
  figure: string;
  dataset: number;
  real: number;
  unit: 'count' | 'share' | 'm²';
  /** dataset / real */
  ratio: number;
}

const FOREST_MAIN_USE = '43';

/**
 * The dataset's figures beside the real ones: counts scaled to the covered share of the country's land,
 * shares of the parcels' land, medians against typical sizes, building periods as shares.
 */
export function compareWithSwitzerland(stats: DatasetStatistics, coveredLandShare: number): ComparisonRow[] {
  const row = (figure: string, dataset: number, real: number, unit: ComparisonRow['unit']): ComparisonRow => ({
    figure,
    dataset,
    real,
    unit,
    ratio: real === 0 ? Number.NaN : dataset / real,
  });
  const land = stats.landArea || 1;
  const areaOf = (uses: (use: string) => boolean) =>
    Object.entries(stats.areaByMainUse)
      .filter(([use]) => uses(use))
      .reduce((sum, [, area]) => sum + area, 0);
  const buildingZoneArea = areaOf((use) => BUILDING_ZONES.has(Number(use) as never));
  const rows: ComparisonRow[] = [
    row('parcels', stats.parcels, Math.round(SWISS_PARCELS * coveredLandShare), 'count'),
    row('buildings', stats.buildings, Math.round(SWISS_BUILDINGS * coveredLandShare), 'count'),
    row('building-zone share of the land', buildingZoneArea / land, BUILDING_ZONE_SHARE, 'share'),
    row('forest share of the land', areaOf((use) => use === FOREST_MAIN_USE) / land, FOREST_SHARE, 'share'),
  ];
  for (const [use, typical] of Object.entries(TYPICAL_PARCEL_SIZE)) {
    const median = stats.medianByMainUse[use];
    if (median === undefined) continue;
    rows.push(row(`median parcel, ${typical.label}`, median, Math.round(Math.sqrt(typical.from * typical.to)), 'm²'));
  }
  const buildings = Object.values(stats.buildingsByPeriod).reduce((a, b) => a + b, 0) || 1;
  for (const period of CONSTRUCTION_PERIOD_SHARES) {
    const n = period.periods.reduce((sum, label) => sum + (stats.buildingsByPeriod[label] ?? 0), 0);
    rows.push(row(`buildings built ${period.label}`, n / buildings, period.share, 'share'));
  }
  return rows;
}

const formatValue = (value: number, unit: ComparisonRow['unit']) =>
  unit === 'share'
    ? `${(value * 100).toFixed(1)} %`
    : `${Math.round(value).toLocaleString('en-US')}${unit === 'm²' ? ' m²' : ''}`;

/** The comparison as an aligned plain-text table (and a Markdown one for the README). */
export function formatComparison(rows: readonly ComparisonRow[], markdown = false): string {
  const cells = rows.map((r) => [
    r.figure,
    formatValue(r.dataset, r.unit),
    formatValue(r.real, r.unit),
    Number.isFinite(r.ratio) ? r.ratio.toFixed(2) : '–',
  ]);
  const header = ['figure', 'dataset', 'real Switzerland', 'ratio'];
  if (markdown)
    return [header, header.map(() => '---'), ...cells].map((line) => `| ${line.join(' | ')} |`).join('\n');
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  return [header, ...cells]
    .map((line) => line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '))
    .join('\n');
}
