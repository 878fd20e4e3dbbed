import { buildTestDataset } from './helpers/buildTestDataset';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { measureDataset } from '../../server/store/sqlite/parcels/measureDataset';
import { compareWithSwitzerland, formatComparison } from '../../server/data/stats/compareWithSwitzerland';
import { coveredLandShare, landByCanton } from '../../server/data/stats/coveredLand';
import { loadSwissGeography } from '../../server/data/geography/loadSwissGeography';

describe('npm run dataset:stats', () => {
  const db = openDatabase(':memory:');
  beforeAll(() => {
    buildTestDataset(db);
  }, 60_000);
  afterAll(() => db.close());

  it('measures what the dataset holds', () => {
    const stats = measureDataset(db);
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    expect(stats.parcels).toBe(count('SELECT COUNT(*) FROM parcels'));
    expect(stats.buildings).toBe(count('SELECT COUNT(*) FROM buildings'));
    expect(stats.cantons).toEqual(['ZG']);
    expect(Object.values(stats.areaByMainUse).reduce((a, b) => a + b, 0)).toBe(stats.landArea);
    expect(Object.values(stats.buildingsByPeriod).reduce((a, b) => a + b, 0)).toBe(stats.buildings);
    const residential = db
      .prepare("SELECT sur FROM parcels WHERE bravo_pri = '11' ORDER BY sur")
      .pluck()
      .all() as number[];
    expect(stats.medianByMainUse['11']).toBe(residential[Math.floor(residential.length / 2)]);
  });

  it('sets each figure beside a reference for the cantons built, never a national share for a few cantons', () => {
    const share = coveredLandShare(loadSwissGeography(), ['ZG']);
    // Canton Zug: 239 km² with its lakes, ~207 km² of municipal land, of 41,285 km².
    expect(share * 41_285).toBeGreaterThan(180);
    expect(share * 41_285).toBeLessThan(240);
    const stats = measureDataset(db);
    const rows = compareWithSwitzerland(stats, share, landByCanton(loadSwissGeography(), ['ZG']));
    const byFigure = new Map(rows.map((r) => [r.figure, r]));
    // No per-canton count or share is held for Zug: listed without a reference rather than against Switzerland's.
    for (const figure of [
      'parcels',
      'buildings',
      'building-zone share of the land',
      'forest share of the land',
    ]) {
      expect(byFigure.get(figure)).toMatchObject({
        reference: 'none',
        source: 'no reference held for these cantons',
      });
      expect(byFigure.get(figure)?.ratio).toBeNaN();
    }
    // The parcel medians are the generator's own targets, and say so.
    const medians = rows.filter((r) => r.figure.startsWith('median parcel'));
    expect(medians.length).toBeGreaterThan(0);
    expect(medians.every((r) => r.reference === 'target' && r.source === 'generator target')).toBe(true);
    // Construction periods: BFS GWS 2022's national shares, which the generator draws everywhere.
    const periods = rows.filter((r) => r.figure.startsWith('buildings built'));
    expect(periods.map((r) => [r.figure, r.real])).toEqual([
      ['buildings built before 1919', 0.187],
      ['buildings built 1919–1945', 0.111],
      ['buildings built 1971–1980', 0.109],
      ['buildings built from 2011', 0.086],
    ]);
    expect(periods.every((r) => /BFS GWS 2022, whole country/.test(r.source))).toBe(true);
    const lines = formatComparison(rows).split('\n');
    expect(lines[0]).toMatch(/^figure\s+dataset\s+reference\s+ratio\s+source$/);
    expect(lines.find((l) => l.startsWith('parcels'))).toMatch(/–\s+–\s+no reference held/);
  });

  it('compares a whole-country build with the national figures, counts scaled to the covered land', () => {
    const stats = measureDataset(db);
    const everywhere = { ...stats, cantons: Array.from({ length: 26 }, (_, i) => `C${i}`) };
    const rows = compareWithSwitzerland(everywhere, 0.969);
    const parcels = rows.find((r) => r.figure === 'parcels');
    expect(parcels).toMatchObject({ real: Math.round(4_000_000 * 0.969), reference: 'national' });
    expect(parcels?.ratio).toBeCloseTo(stats.parcels / Math.round(4_000_000 * 0.969), 6);
    expect(rows.find((r) => r.figure === 'building-zone share of the land')).toMatchObject({
      real: 0.057,
      source: 'ARE building zones 2022, whole country',
    });
  });
});
