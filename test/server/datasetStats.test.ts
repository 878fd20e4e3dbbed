import { buildTestDataset } from './helpers/buildTestDataset';
import { openDatabase } from '../../server/store/openDatabase';
import { measureDataset } from '../../server/store/parcels/datasetStatistics';
import { compareWithSwitzerland, formatComparison } from '../../server/data/stats/compareWithSwitzerland';
import { coveredLandShare } from '../../server/data/stats/coveredLand';
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

  it('sets each figure beside the real one with the ratio, counts scaled to the covered land', () => {
    const share = coveredLandShare(loadSwissGeography(), ['ZG']);
    // Canton Zug: 239 km² with its lakes, ~207 km² of municipal land, of 41,285 km².
    expect(share * 41_285).toBeGreaterThan(180);
    expect(share * 41_285).toBeLessThan(240);
    const rows = compareWithSwitzerland(measureDataset(db), share);
    const parcels = rows.find((r) => r.figure === 'parcels');
    expect(parcels?.real).toBe(Math.round(4_000_000 * share));
    expect(parcels?.ratio).toBeCloseTo((parcels?.dataset ?? 0) / (parcels?.real ?? 1), 6);
    expect(rows.map((r) => r.figure)).toEqual(
      expect.arrayContaining([
        'buildings',
        'building-zone share of the land',
        'forest share of the land',
        'buildings built before 1919',
      ]),
    );
    const periodShares = rows
      .filter((r) => r.figure.startsWith('buildings built'))
      .reduce((s, r) => s + r.dataset, 0);
    expect(periodShares).toBeCloseTo(1, 6);
    expect(formatComparison(rows).split('\n')[0]).toMatch(/^figure\s+dataset\s+real Switzerland\s+ratio$/);
  });
});
