/**
 * What the SQLite statement timings of /metrics cost (ADR 036): the same searches on two connections to
 * the bench dataset, one timed as the server times it (every statement into the metrics histogram) and one
 * not, interleaved so a busy machine slows both alike; then the cost per statement call in a tight loop.
 *   DATA_DIR=… npx tsx scripts/benchStatementTimings.ts --cantons ZG
 */
import { performance } from 'node:perf_hooks';
import { benchDatasetArgs, openBenchDataset } from './benchDataset';
import { loadAverage, percentiles } from './benchFigures';
import { createAppMetrics } from '../server/operations/AppMetrics';
import { observeStatements } from '../server/store/sqlite/statementTimings/timedStatements';
import { createSqliteParcelRepository } from '../server/store/sqlite/parcels/createSqliteParcelRepository';
import type { ParcelQuery } from '../server/store/contract/parcels/ParcelQuery';

const ROUNDS = 30;
const CALLS = 200_000;

async function main(): Promise<void> {
  const { cantons, file } = benchDatasetArgs(process.argv.slice(2));
  const untimedDb = openBenchDataset(file, cantons);
  const timedDb = openBenchDataset(file, cantons);
  const metrics = createAppMetrics();
  let statements = 0;
  observeStatements(timedDb, (statement) => {
    const observe = metrics.statementTimer('sqlite', statement);
    return (seconds) => {
      statements += 1;
      observe(seconds);
    };
  });
  const untimed = createSqliteParcelRepository(untimedDb);
  const timed = createSqliteParcelRepository(timedDb);

  const names = untimedDb
    .prepare('SELECT name FROM municipalities ORDER BY parcel_count DESC LIMIT 10')
    .pluck()
    .all() as string[];
  const queries: ParcelQuery[] = [
    ...names.map((name) => ({ text: name.split(/[\s(-]+/)[0] })),
    { text: 'a' },
    { radon: { from: 0, to: 9 }, excludeRoads: true },
    { typ: 'Baurecht', excludeRoads: true },
    { surface: { from: 500, to: 2000 }, excludeRoads: true, objects: 'With' },
  ];
  // Warm both: the search indexes load on the first searches.
  for (const repo of [untimed, timed])
    for (const query of queries) await repo.search(query, { page: 1, size: 12 });

  const samples = { untimed: [] as number[], timed: [] as number[] };
  statements = 0;
  let searches = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, query] of queries.entries()) {
      const order = (round + i) % 2 === 0 ? (['untimed', 'timed'] as const) : (['timed', 'untimed'] as const);
      for (const side of order) {
        const repo = side === 'timed' ? timed : untimed;
        const started = performance.now();
        await repo.search(query, { page: 1 + (round % 3), size: 12 });
        samples[side].push(performance.now() - started);
        if (side === 'timed') searches += 1;
      }
    }
  }
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const figures = (side: 'timed' | 'untimed') => {
    const { p50, p95 } = percentiles(samples[side]);
    return `p50 ${p50.toFixed(3)} ms   p95 ${p95.toFixed(3)} ms   total ${sum(samples[side]).toFixed(0)} ms`;
  };
  console.log(`load average ${loadAverage()}; ${searches} searches a side, interleaved`);
  console.log(`  searches, statements untimed   ${figures('untimed')}`);
  console.log(`  searches, statements timed     ${figures('timed')}`);
  console.log(`  statements a search (timed)    ${(statements / searches).toFixed(1)}`);

  const perCall = (db: typeof untimedDb) => {
    const statement = db.prepare('SELECT prc_id FROM parcels WHERE id = ?').pluck();
    for (let i = 0; i < 10_000; i += 1) statement.get((i % 1000) + 1);
    const started = performance.now();
    for (let i = 0; i < CALLS; i += 1) statement.get((i % 1000) + 1);
    return ((performance.now() - started) * 1e6) / CALLS;
  };
  const plain: number[] = [];
  const observed: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    plain.push(perCall(untimedDb));
    observed.push(perCall(timedDb));
  }
  const best = (values: number[]) => Math.min(...values);
  console.log(
    `  one indexed get, best of 3 × ${CALLS}: untimed ${best(plain).toFixed(0)} ns, timed ${best(observed).toFixed(0)} ns` +
      ` → +${(best(observed) - best(plain)).toFixed(0)} ns a statement`,
  );
  untimedDb.close();
  timedDb.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
