import type { SqliteFile } from '../../contract/sqliteFile/SqliteFile';
import type { DatasetStatistics } from '../../contract/parcels/datasetStatistics';

/** One pass per figure over indexed or compact columns (a few seconds for the whole country). */
export function measureDataset(db: SqliteFile): DatasetStatistics {
  const count = (sql: string) => db.prepare(sql).pluck().get() as number;
  const byUse = db
    .prepare("SELECT coalesce(bravo_pri, 'none') AS use, SUM(sur) AS area FROM parcels GROUP BY use")
    .all() as { use: string; area: number }[];
  const medianByMainUse: Record<string, number> = {};
  const sizes = db.prepare('SELECT sur FROM parcels WHERE bravo_pri = ? ORDER BY sur').pluck();
  for (const { use } of byUse) {
    const values = sizes.all(use) as number[];
    if (values.length > 0) medianByMainUse[use] = values[Math.floor(values.length / 2)];
  }
  const periods = db
    .prepare("SELECT json_extract(attrs, '$[5]') AS period, COUNT(*) AS n FROM buildings GROUP BY period")
    .all() as { period: string; n: number }[];
  return {
    parcels: count('SELECT COUNT(*) FROM parcels'),
    buildings: count('SELECT COUNT(*) FROM buildings'),
    landArea: count('SELECT coalesce(SUM(sur), 0) FROM parcels'),
    areaByMainUse: Object.fromEntries(byUse.map((r) => [r.use, r.area])),
    medianByMainUse,
    buildingsByPeriod: Object.fromEntries(periods.map((r) => [r.period, r.n])),
    cantons: db.prepare('SELECT DISTINCT canton FROM parcels ORDER BY canton').pluck().all() as string[],
  };
}
