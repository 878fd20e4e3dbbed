import fs from 'node:fs';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../openDatabase';
import {
  createSqliteDatasetWriter,
  type BulkWriting,
  type CollectedDatasetRtrees,
} from '../parcels/createSqliteDatasetWriter';
import { CollectedRtreeEntries } from '../rtree/CollectedRtreeEntries';
import { FilterColumnsCollector } from '../../contract/parcels/FilterColumns';
import type { DatasetInfo, DatasetWriter, MunicipalityRows } from '../../contract/parcels/DatasetWriter';
import { packRtree, rtreeNodeSize, writePackedRtree, type PackedRtree } from '../rtree/bulkLoadRtree';
import { createIndexesOnThread } from './createIndexesOnThread';

/** What a build file is a build of: a file of another plan is thrown away, not resumed. */
export interface DatasetBuildPlan {
  generator: number;
  seed: number;
  cantons: string[];
  extraMunicipalities: number[];
  maxMunicipalities: number | null;
  maxParcelsPerMunicipality: number | null;
  municipalities: number;
}

/**
 * What the dataset pipeline (server/data, which the store does not import) writes at the two ends of a
 * build: the reference data into a new build file, the price levels before the file is marked complete.
 */
export interface DatasetBuildSteps {
  writeReferenceData(writer: DatasetWriter): void;
  fillPriceLevels(writer: DatasetWriter): void;
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

/**
 * The R*Trees (and their axes) stay empty while rows stream in: their entries are collected in memory (and
 * saved with each commit for a resumed build) and bulk-loaded, packed along a Hilbert curve, at the end:
 * ~1 µs a box instead of 4–9 µs into a live R*Tree, and no box table to write and read back.
 */
const BULK_RTREES = { parcels_rtree: 2, buildings_rtree: 2, layer_features_rtree: 3 } as const;
type BulkRtree = keyof typeof BULK_RTREES;
const BULK_RTREE_NAMES = Object.keys(BULK_RTREES) as BulkRtree[];

/**
 * The layout of a build file: a build file of another layout is started anew rather than resumed
 * (2: R*Tree entries saved per commit instead of box tables).
 */
const BUILD_FILE_FORMAT = 2;

/** The build's own bookkeeping, in the build file only (dropped before the file becomes the dataset). */
const STATE_TABLE = 'dataset_build';
/** The R*Tree entries of the committed rows, a part per commit (dropped when the finish starts). */
const ENTRIES_TABLE = 'dataset_build_rtree_entries';

/** Where a dataset is built before it replaces the server's database file: `<file>.building`. */
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
  finish(info: DatasetInfo, onStep: (step: string, done: number, total: number) => void): Promise<void>;
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
    // A build killed while finishing (journal off) may be inconsistent: it starts over.
    if (readState(db, 'plan') === planText && progress && !readState(db, 'finishing'))
      return { db, progress: JSON.parse(progress) as DatasetBuildProgress };
    db.close();
  } catch {
    // A damaged build file (a machine crash with fsync off): start over.
  }
  return null;
}

/** A new build file: the schema, the bulk-load settings, the reference data, no secondary indexes. */
function create(file: string, planText: string, steps: DatasetBuildSteps): Database {
  removeDatabaseFile(file);
  const db = openDatabase(file);
  tuneForBulkLoad(db);
  db.transaction(() => {
    db.exec(`CREATE TABLE ${STATE_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    db.exec(`CREATE TABLE ${ENTRIES_TABLE} (rtree TEXT NOT NULL, part INTEGER NOT NULL, ids BLOB NOT NULL,
      boxes BLOB NOT NULL, PRIMARY KEY (rtree, part))`);
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
    steps.writeReferenceData(writer);
  })();
  return db;
}

/** The R*Tree entries of the rows committed so far (a new build: none). */
function readCollectedRtrees(db: Database): CollectedDatasetRtrees {
  const rtrees = {} as CollectedDatasetRtrees;
  const parts = db.prepare(`SELECT ids, boxes FROM ${ENTRIES_TABLE} WHERE rtree = ? ORDER BY part`);
  for (const name of BULK_RTREE_NAMES) {
    const entries = new CollectedRtreeEntries(BULK_RTREES[name]);
    for (const part of parts.iterate(name) as Iterable<{ ids: Buffer; boxes: Buffer }>)
      entries.appendBytes(part.ids, part.boxes);
    rtrees[name] = entries;
  }
  return rtrees;
}

/** Writes a packed R*Tree into the (empty) R*Tree `name`. */
function writeRtree(db: Database, name: BulkRtree, packed: PackedRtree): void {
  db.transaction(() => {
    // Writing an R*Tree's shadow tables is what SQLite's defensive mode forbids; only here, briefly.
    db.unsafeMode(true);
    try {
      writePackedRtree(db, name, packed);
    } finally {
      db.unsafeMode(false);
    }
  })();
}

/** Opens the build file of `plan`, resuming it when it was interrupted, else starting a new one. */
export function openDatasetBuildFile(
  file: string,
  plan: DatasetBuildPlan,
  steps: DatasetBuildSteps,
): DatasetBuildFile {
  const planText = JSON.stringify({ ...plan, format: BUILD_FILE_FORMAT });
  const reopened = reopen(file, planText);
  const db = reopened?.db ?? create(file, planText, steps);
  tuneForBulkLoad(db);
  const resumed = reopened?.progress ?? { done: 0, parcels: 0, buildings: 0, seconds: 0 };
  const rtrees = readCollectedRtrees(db);
  /** How many entries of each R*Tree are saved (committed). */
  const saved = new Map(BULK_RTREE_NAMES.map((name) => [name, rtrees[name].count]));
  let part = (db.prepare(`SELECT coalesce(max(part), 0) FROM ${ENTRIES_TABLE}`).pluck().get() as number) + 1;
  // A resumed build did not see the earlier runs' parcels: its finish scans the table instead.
  const bulk: BulkWriting = {
    rtrees,
    filterColumns: resumed.done === 0 ? new FilterColumnsCollector() : null,
  };
  const writer = createSqliteDatasetWriter(db, bulk);
  const saveProgress = db.prepare(`UPDATE ${STATE_TABLE} SET value = ? WHERE key = 'progress'`);
  const saveEntries = db.prepare(
    `INSERT INTO ${ENTRIES_TABLE} (rtree, part, ids, boxes) VALUES (?, ?, ?, ?)`,
  );
  return {
    file,
    writer,
    resumed,
    begin: () => db.exec('BEGIN'),
    write: (rows) => writer.writeMunicipality(rows),
    commit(progress) {
      for (const name of BULK_RTREE_NAMES) {
        const from = saved.get(name) as number;
        if (rtrees[name].count === from) continue;
        const { ids, boxes } = rtrees[name].bytesFrom(from);
        saveEntries.run(name, part++, ids, boxes);
      }
      saveProgress.run(JSON.stringify(progress));
      db.exec('COMMIT');
      for (const name of BULK_RTREE_NAMES) saved.set(name, rtrees[name].count);
    },
    rollback() {
      if (db.inTransaction) db.exec('ROLLBACK');
      for (const name of BULK_RTREE_NAMES) rtrees[name].truncate(saved.get(name) as number);
      bulk.filterColumns = null;
    },
    async finish(info, onStep) {
      const indexes = JSON.parse(readState(db, 'indexes') ?? '[]') as { name: string; sql: string }[];
      const total = BULK_RTREE_NAMES.length + indexes.length + 1;
      let step = 0;
      // Finishing rewrites most pages (R*Trees, indexes): without the write-ahead log they are written
      // once instead of twice. A kill from here on leaves a build file marked 'finishing', rebuilt anew.
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.prepare(`INSERT INTO ${STATE_TABLE} (key, value) VALUES ('finishing', ?)`).run(
        new Date().toISOString(),
      );
      db.pragma('journal_mode = DELETE');
      db.pragma('journal_mode = OFF');
      // The saved entries are in memory already; their pages go to the R*Trees and indexes built next
      // (dropped at the very end, they would stay in the file as free pages).
      db.exec(`DROP TABLE ${ENTRIES_TABLE}`);
      // The b-tree indexes are created on another thread (its own connection) while this one packs the
      // R*Trees in memory: the two largest finishing steps run on two cores at once. Then the packed
      // R*Trees are written.
      const nodeSizes = BULK_RTREE_NAMES.map((name) => rtreeNodeSize(db, BULK_RTREES[name]));
      const indexing = createIndexesOnThread(file, indexes, (name) => onStep(`index ${name}`, step++, total));
      let packed: PackedRtree[] = [];
      try {
        packed = BULK_RTREE_NAMES.map((name, i) => packRtree(rtrees[name].entries(), nodeSizes[i]));
      } finally {
        await indexing;
      }
      BULK_RTREE_NAMES.forEach((name, i) => {
        onStep(`spatial index ${name}`, step++, total);
        writeRtree(db, name, packed[i]);
      });
      onStep('search columns and price levels', step++, total);
      db.transaction(() => {
        steps.fillPriceLevels(writer);
        writer.finish(info);
        db.exec(`DROP TABLE ${STATE_TABLE}`);
      })();
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
