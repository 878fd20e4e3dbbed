import fs from 'node:fs';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../../store/openDatabase';
import { createSqliteDatasetWriter } from '../../store/parcels/createSqliteDatasetWriter';
import type { DatasetInfo, DatasetWriter, MunicipalityRows } from '../../store/parcels/DatasetWriter';
import { writeReferenceData } from '../buildDataset';
import { fillPriceLevels } from '../catalog/priceLevels';

/** What a build file is a build of: a file of another plan is thrown away, not resumed. */
export interface DatasetBuildPlan {
  generator: number;
  seed: number;
  cantons: string[];
  maxMunicipalities: number | null;
  maxParcelsPerMunicipality: number | null;
  municipalities: number;
}

/** How far a build file got: its first `done` planned municipalities are written and committed. */
export interface DatasetBuildProgress {
  done: number;
  parcels: number;
  buildings: number;
  /** Build time of the earlier, interrupted runs. */
  seconds: number;
}

/**
 * Tables whose secondary indexes are dropped while rows stream in and created again at the end: a
 * sorted index build over millions of rows is several times cheaper than keeping it up to date per row.
 */
const BULK_TABLES = ['parcels', 'buildings'];

/** The build's own bookkeeping, in the build file only (dropped before the file becomes the dataset). */
const STATE_TABLE = 'dataset_build';

/** Where a dataset is built before it replaces the server's database file: `<file>.building`. */
export const buildFileOf = (file: string) => `${file}.building`;

export function removeDatabaseFile(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Bulk-load settings: no fsync (a crash of the machine loses the build file, which is then rebuilt;
 * a killed process loses nothing committed, thanks to the write-ahead log), a 256 MB page cache, and
 * temporary sort data in memory.
 */
function tuneForBulkLoad(db: Database): void {
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  db.pragma('wal_autocheckpoint = 10000');
}

/**
 * A dataset being built into its own SQLite file (same schema as the server's database), municipality by
 * municipality in plan order, resumable: every commit records how many municipalities are done, so a
 * build interrupted by Ctrl-C or a kill continues after the last committed one with the same row ids.
 */
export interface DatasetBuildFile {
  readonly file: string;
  readonly writer: DatasetWriter;
  /** Where a resumed build starts (0 for a new one). */
  readonly resumed: DatasetBuildProgress;
  /** Starts a transaction; the municipalities written until `commit` are kept together or not at all. */
  begin(): void;
  write(rows: MunicipalityRows): void;
  commit(progress: DatasetBuildProgress): void;
  rollback(): void;
  /** Indexes, search columns, price levels and the completion mark; then the file is closed. */
  finish(info: DatasetInfo, onStep: (step: string, done: number, total: number) => void): void;
  close(): void;
}

function readState(db: Database, key: string): string | undefined {
  const exists = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
    .pluck()
    .get(STATE_TABLE);
  if (!exists) return undefined;
  return db.prepare(`SELECT value FROM ${STATE_TABLE} WHERE key = ?`).pluck().get(key) as string | undefined;
}

/** A build file of the same plan, or null (none, another plan, or not readable: it is rebuilt). */
function reopen(file: string, planText: string): { db: Database; progress: DatasetBuildProgress } | null {
  if (!fs.existsSync(file)) return null;
  try {
    const db = openDatabase(file);
    const progress = readState(db, 'progress');
    if (readState(db, 'plan') === planText && progress)
      return { db, progress: JSON.parse(progress) as DatasetBuildProgress };
    db.close();
  } catch {
    // A damaged build file (a machine crash with fsync off): start over.
  }
  return null;
}

/** A new build file: the schema, the bulk-load settings, the reference data, no secondary indexes. */
function create(file: string, planText: string): Database {
  removeDatabaseFile(file);
  const db = openDatabase(file);
  tuneForBulkLoad(db);
  db.transaction(() => {
    db.exec(`CREATE TABLE ${STATE_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    const indexes = db
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
         AND tbl_name IN (${BULK_TABLES.map(() => '?').join(', ')}) ORDER BY name`,
      )
      .all(...BULK_TABLES) as { name: string; sql: string }[];
    for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
    const save = db.prepare(`INSERT INTO ${STATE_TABLE} (key, value) VALUES (?, ?)`);
    save.run('plan', planText);
    save.run('indexes', JSON.stringify(indexes));
    const fresh: DatasetBuildProgress = { done: 0, parcels: 0, buildings: 0, seconds: 0 };
    save.run('progress', JSON.stringify(fresh));
    const writer = createSqliteDatasetWriter(db);
    writer.clear();
    writeReferenceData(writer);
  })();
  return db;
}

/** Opens the build file of `plan`, resuming it when it was interrupted, else starting a new one. */
export function openDatasetBuildFile(file: string, plan: DatasetBuildPlan): DatasetBuildFile {
  const planText = JSON.stringify(plan);
  const reopened = reopen(file, planText);
  const db = reopened?.db ?? create(file, planText);
  tuneForBulkLoad(db);
  const resumed = reopened?.progress ?? { done: 0, parcels: 0, buildings: 0, seconds: 0 };
  const writer = createSqliteDatasetWriter(db);
  const saveProgress = db.prepare(`UPDATE ${STATE_TABLE} SET value = ? WHERE key = 'progress'`);
  return {
    file,
    writer,
    resumed,
    begin: () => db.exec('BEGIN'),
    write: (rows) => writer.writeMunicipality(rows),
    commit(progress) {
      saveProgress.run(JSON.stringify(progress));
      db.exec('COMMIT');
    },
    rollback() {
      if (db.inTransaction) db.exec('ROLLBACK');
    },
    finish(info, onStep) {
      const indexes = JSON.parse(readState(db, 'indexes') ?? '[]') as { name: string; sql: string }[];
      const total = indexes.length + 2;
      indexes.forEach((index, i) => {
        onStep(`index ${index.name}`, i, total);
        db.exec(index.sql);
      });
      onStep('search columns and price levels', indexes.length, total);
      db.transaction(() => {
        fillPriceLevels(writer);
        writer.finish(info);
        db.exec(`DROP TABLE ${STATE_TABLE}`);
      })();
      onStep('write-ahead log', indexes.length + 1, total);
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
    close() {
      if (db.open) {
        if (db.inTransaction) db.exec('ROLLBACK');
        db.close();
      }
    },
  };
}
