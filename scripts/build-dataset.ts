/**
 * Builds the parcel dataset into a SQLite file.
 *   npm run dataset -- --cantons ZG,BE [--seed N] [--out FILE]
 *   npm run dataset -- --all
 * Without --out it writes DATA_DIR/parcel-atlas.sqlite (the server's database).
 */
import path from 'node:path';
import fs from 'node:fs';
import { openDatabase } from '../server/store/openDatabase';
import { buildDataset, DEFAULT_DATASET_SEED } from '../server/data/buildDataset';
import { CANTONS } from '../server/geo/cantons';
import { createSqliteDatasetWriter } from '../server/store/parcels/createSqliteDatasetWriter';

interface Args {
  cantons: string[];
  seed: number;
  out: string;
}

function parseArgs(argv: string[]): Args {
  let cantons = (process.env.DATASET_CANTONS ?? 'ZG,LU,GE,TI').toUpperCase().split(',');
  let seed = DEFAULT_DATASET_SEED;
  let out = path.join(path.resolve(process.env.DATA_DIR ?? 'data'), 'parcel-atlas.sqlite');
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--all') cantons = CANTONS.map((c) => c.code);
    else if (arg === '--cantons') cantons = (argv[++i] ?? '').toUpperCase().split(',').filter(Boolean);
    else if (arg === '--seed') seed = Number(argv[++i]);
    else if (arg === '--out') out = path.resolve(argv[++i] ?? '');
    else throw new Error(`Unknown argument ${arg}. Use --cantons ZG,BE | --all, --seed N, --out FILE`);
  }
  if (!Number.isInteger(seed) || seed < 0) throw new Error('--seed must be a whole number ≥ 0');
  return { cantons, seed, out };
}

/** ", about 3 min left": the time per municipality so far times the municipalities still to build. */
function etaText(elapsedMs: number, done: number, total: number): string {
  if (done === 0 || done >= total) return '';
  const seconds = Math.round(((elapsedMs / done) * (total - done)) / 1000);
  return seconds < 90 ? `, about ${seconds} s left` : `, about ${Math.round(seconds / 60)} min left`;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  fs.mkdirSync(path.dirname(args.out), { recursive: true });
  const db = openDatabase(args.out);
  let last = 0;
  const info = buildDataset(createSqliteDatasetWriter(db), {
    cantons: args.cantons,
    seed: args.seed,
    onProgress(line, done, total) {
      if (Date.now() - last > 1000 || done === total) {
        last = Date.now();
        process.stdout.write(`\r${line}${etaText(Date.now() - started, done, total)}   `);
      }
    },
  });
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const size = fs.statSync(args.out).size / 1024 / 1024;
  process.stdout.write(
    `\nDone: ${info.parcels.toLocaleString('en-US')} parcels, ${info.buildings.toLocaleString('en-US')} buildings ` +
      `in ${info.buildSeconds} s → ${args.out} (${size.toFixed(0)} MB)\n`,
  );
}

try {
  main();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
