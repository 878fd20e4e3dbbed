import type { SqliteFile } from '../../contract/sqliteFile/SqliteFile';
import type { DatasetStatistics } from '../../contract/parcels/datasetStatistics';

/** One pass per figure over indexed or compact columns (a few seconds for the whole country). */
export function measureDataset(db: SqliteFile): DatasetStatistics {
  const count = (sql: string) => db.prepare(sql).pluck().get() as number;
  const byCantonAndUse = db
    .prepare(
      "SELECT canton, coalesce(bravo_pri, 'none') AS use, COUNT(*) AS n, SUM(sur) AS area FROM parcels GROUP BY canton, use",
    )
    .all() as { canton: string; use: string; n: number; area: number }[];
  const byCanton: DatasetStatistics['byCanton'] = {};
  const areaByMainUse: Record<string, number> = {};
  for (const { canton, use, n, area } of byCantonAndUse) {
    byCanton[canton] ??= { parcels: 0, areaByMainUse: {} };
    byCanton[canton].parcels += n;
    byCanton[canton].areaByMainUse[use] = area;
    areaByMainUse[use] = (areaByMainUse[use] ?? 0) + area;
  }
  const medianByMainUse: Record<string, number> = {};
  const sizes = db.prepare('SELECT sur FROM parcels WHERE bravo_pri = ? ORDER BY sur').pluck();
  for (const use of Object.keys(areaByMainUse)) {
    const values = sizes.all(use) as number[];
    if (values.length > 0) medianByMainUse[use] = values[Math.floor(values.length / 2)];
  }
  const periods = db
    .prepare("SELECT json_extract(attrs, '$[5]') AS period, COUNT(*) AS n FROM buildings GROUP BY period")
    .all() as { period: string; n: number }[];
  return {
    parcels: Object.values(byCanton).reduce((sum, c) => sum + c.parcels, 0),
    buildings: count('SELECT COUNT(*) FROM buildings'),
    landArea: Object.values(areaByMainUse).reduce((sum, area) => sum + area, 0),
    areaByMainUse,
    medianByMainUse,
    buildingsByPeriod: Object.fromEntries(periods.map((r) => [r.period, r.n])),
    cantons: Object.keys(byCanton).sort(),
    byCanton,
  };
}
