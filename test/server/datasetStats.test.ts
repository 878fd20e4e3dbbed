import { buildTestDataset } from './helpers/buildTestDataset';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { measureDataset } from '../../server/store/sqlite/parcels/measureDataset';
import {
  compareCantons,
  compareWithSwitzerland,
  formatComparison,
} from '../../server/data/stats/compareWithSwitzerland';
import { coveredLandShare } from '../../server/data/stats/coveredLand';
import { CANTON_REFERENCES } from '../../server/data/stats/swissFigures';
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
    expect(stats.byCanton.ZG.parcels).toBe(stats.parcels);
    expect(stats.byCanton.ZG.areaByMainUse).toEqual(stats.areaByMainUse);
    expect(Object.values(stats.areaByMainUse).reduce((a, b) => a + b, 0)).toBe(stats.landArea);
    expect(Object.values(stats.buildingsByPeriod).reduce((a, b) => a + b, 0)).toBe(stats.buildings);
    const residential = db
      .prepare("SELECT sur FROM parcels WHERE bravo_pri = '11' ORDER BY sur")
      .pluck()
      .all() as number[];
    expect(stats.medianByMainUse['11']).toBe(residential[Math.floor(residential.length / 2)]);
  });

  it('sets each figure beside a national reference only for the whole country, never for a few cantons', () => {
    const share = coveredLandShare(loadSwissGeography(), ['ZG']);
    // Canton Zug: 239 km² with its lakes, ~207 km² of municipal land, of 41,285 km².
    expect(share * 41_285).toBeGreaterThan(180);
    expect(share * 41_285).toBeLessThan(240);
    const stats = measureDataset(db);
    const rows = compareWithSwitzerland(stats, share);
    const byFigure = new Map(rows.map((r) => [r.figure, r]));
    // A few cantons are not compared with Switzerland's counts and shares: listed without a reference.
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
    expect(parcels).toMatchObject({ real: Math.round(4_055_000 * 0.969), reference: 'national' });
    expect(parcels?.ratio).toBeCloseTo(stats.parcels / Math.round(4_055_000 * 0.969), 6);
    expect(rows.find((r) => r.figure === 'building-zone share of the land')).toMatchObject({
      real: 0.057,
      source: 'ARE building zones 2022, whole country',
    });
  });

  it('compares each built canton with its own published figures in counts and hectares', () => {
    const stats = measureDataset(db);
    const rows = compareCantons(stats);
    // Zug is built: its ARE building zones 2022 and its LFI forest area; Geneva's parcels and BL+BS are not.
    expect(rows.map((r) => r.figure)).toEqual(['ZG building zones (ha)', 'ZG forest (ha)']);
    const [zones, forest] = rows;
    const hectares = (sql: string) => (db.prepare(sql).pluck().get() as number) / 10_000;
    expect(zones).toMatchObject({ real: 2_281, unit: 'ha', reference: 'canton' });
    expect(zones.dataset).toBeCloseTo(
      hectares(
        "SELECT SUM(sur) FROM parcels WHERE canton = 'ZG' AND bravo_pri IN ('11','12','13','14','15','16','17','18')",
      ),
      6,
    );
    expect(zones.ratio).toBeCloseTo(zones.dataset / 2_281, 9);
    expect(forest).toMatchObject({ real: 6_000, unit: 'ha' });
    expect(forest.dataset).toBeCloseTo(
      hectares("SELECT SUM(sur) FROM parcels WHERE canton = 'ZG' AND bravo_pri = '43'"),
      6,
    );
    expect(forest.source).toMatch(/^LFI .* \(± 6 %\)$/);
    expect(formatComparison(rows).split('\n')[1]).toMatch(
      /^ZG building zones \(ha\)\s+[\d,]+ ha\s+2,281 ha\s+\d\.\d\d\s+ARE/,
    );
  });

  it('compares cantons published together only when all of them are built', () => {
    const stats = measureDataset(db);
    const basel = CANTON_REFERENCES.filter((r) => r.cantons.includes('BS'));
    expect(basel).toEqual([expect.objectContaining({ cantons: ['BL', 'BS'], value: 20_700 })]);
    const one = { ...stats, byCanton: { BL: stats.byCanton.ZG } };
    expect(compareCantons(one, basel)).toEqual([]);
    const both = { ...stats, byCanton: { BL: stats.byCanton.ZG, BS: stats.byCanton.ZG } };
    expect(compareCantons(both, basel)[0]).toMatchObject({ figure: 'BL+BS forest (ha)', real: 20_700 });
    expect(compareCantons(both, basel)[0].dataset).toBeCloseTo(2 * compareCantons(stats)[1].dataset, 6);
  });
});
