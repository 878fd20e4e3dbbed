/** The benchmarks' dataset: a SQLite file of the given cantons, built on first use and reused after. */
import fs from 'node:fs';
import path from 'node:path';
import { buildDataset } from '../server/data/buildDataset';
import { CANTONS } from '../server/geo/cantons';
import { openDatabase, type SqliteDatabase } from '../server/store/sqlite/openDatabase';
import { createSqliteDatasetWriter } from '../server/store/sqlite/parcels/createSqliteDatasetWriter';

/** Opens `file`, building the cantons' dataset into it unless it already holds exactly them; prints its size. */
export function openBenchDataset(file: string, cantons: string[]): SqliteDatabase {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = openDatabase(file);
  const writer = createSqliteDatasetWriter(db);
  let info = writer.readInfo();
  if (!info || info.cantons.join(',') !== cantons.join(',')) {
    console.log(`Building dataset ${cantons.join(',')} into ${file} …`);
    info = buildDataset(writer, {
      cantons,
      onProgress: (text, done, total) => {
        if (done % 25 === 0 || done === total) process.stdout.write(`\r${text}   `);
      },
    });
    db.pragma('wal_checkpoint(TRUNCATE)');
    console.log('');
  }
  const size = fs.statSync(file).size / 1024 / 1024;
  console.log(
    `Dataset ${info.cantons.join(',')}: ${info.parcels.toLocaleString('en-US')} parcels, ` +
      `${info.buildings.toLocaleString('en-US')} buildings; built in ${info.buildSeconds} s; file ${size.toFixed(0)} MB`,
  );
  return db;
}

/** What the dataset benchmarks are asked on the command line. */
export interface BenchDatasetArgs {
  /** The cantons of the dataset: the default four, `--cantons A,B`, or `--all`. */
  cantons: string[];
  /** `--db FILE`, else `DATA_DIR/bench-<default|all|A-B>.sqlite` (built on first use, then reused). */
  file: string;
  /** The benchmark's own options (`--name value`, or `true` for a bare flag it declares). */
  extra: Record<string, string | true>;
}

/**
 * The dataset options every dataset benchmark shares (`--all`, `--cantons`, `--db`) and the benchmark's own:
 * `flags` take no value, `valued` take one; anything else is refused.
 */
export function benchDatasetArgs(
  argv: string[],
  own: { flags?: string[]; valued?: string[] } = {},
): BenchDatasetArgs {
  let cantons = ['ZG', 'LU', 'GE', 'TI'];
  let label = 'default';
  let file: string | null = null;
  const extra: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const name = arg.replace(/^--/, '');
    if (arg === '--all') {
      cantons = CANTONS.map((c) => c.code);
      label = 'all';
    } else if (arg === '--cantons') {
      cantons = (argv[++i] ?? '').toUpperCase().split(',');
      label = cantons.join('-');
    } else if (arg === '--db') file = path.resolve(argv[++i] ?? '');
    else if (own.flags?.includes(name)) extra[name] = true;
    else if (own.valued?.includes(name) && argv[i + 1] !== undefined) extra[name] = argv[++i];
    else throw new Error(`Unknown argument ${arg}`);
  }
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
  return { cantons, file: file ?? path.join(dataDir, `bench-${label}.sqlite`), extra };
}
