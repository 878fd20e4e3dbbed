import fs from 'node:fs';
import Database from 'better-sqlite3';
import { openDatabase } from '../openDatabase';
import { DATASET_TABLES } from '../parcels/datasetTables';

/**
 * Tables of the server's database that are not the user's: the dataset's own (with the shadow tables of
 * its FTS and R*Tree indexes), tiles of the replaced dataset, SQLite's internals and the schema record
 * (the build file was made by the same migrations).
 */
function belongsToDataset(table: string): boolean {
  const datasetTables: readonly string[] = DATASET_TABLES;
  return (
    datasetTables.includes(table) ||
    table.startsWith('parcels_fts') ||
    /_rtree_(node|parent|rowid)$/.test(table) ||
    table === 'tile_cache' ||
    table === 'schema_migrations' ||
    (table.startsWith('sqlite_') && table !== 'sqlite_sequence')
  );
}

/**
 * Copies everything of `target` that is not the dataset (accounts, sessions, settings, plans, the meta
 * rows but the dataset's) into the finished build file, so the build file can replace it whole.
 */
function carryOverUserData(buildFile: string, target: string): void {
  // Migrate the target first, so both files have the same columns in the same order.
  openDatabase(target).close();
  const db = new Database(buildFile);
  db.pragma('foreign_keys = OFF');
  db.prepare('ATTACH DATABASE ? AS kept').run(target);
  try {
    // A virtual table's content lives in its shadow tables, which are copied like any table (SQLite's
    // defensive mode forbids writing them; unsafe mode lifts that for this copy only).
    const tables = db
      .prepare(
        `SELECT name FROM kept.sqlite_master WHERE type = 'table'
         AND coalesce(sql, '') NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name`,
      )
      .pluck()
      .all() as string[];
    db.unsafeMode(true);
    db.transaction(() => {
      for (const table of tables.filter((t) => !belongsToDataset(t))) {
        if (table === 'meta') {
          db.exec("DELETE FROM main.meta WHERE key <> 'dataset'");
          db.exec("INSERT INTO main.meta SELECT * FROM kept.meta WHERE key <> 'dataset'");
          continue;
        }
        const columns = (db.prepare(`PRAGMA kept.table_info("${table}")`).all() as { name: string }[])
          .map((c) => `"${c.name}"`)
          .join(', ');
        db.exec(`DELETE FROM main."${table}"`);
        db.exec(`INSERT INTO main."${table}" (${columns}) SELECT ${columns} FROM kept."${table}"`);
      }
    })();
  } finally {
    db.unsafeMode(false);
    db.exec('DETACH DATABASE kept');
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  }
}

/**
 * Makes the finished build file the server's database file `target` in one rename, so the server never
 * opens a half-built dataset. An existing target's own data (users, settings…) is copied over first. A
 * server running on the old file keeps serving it until it restarts.
 */
export function installDatasetFile(buildFile: string, target: string): void {
  if (fs.existsSync(target)) carryOverUserData(buildFile, target);
  // Both files were checkpointed and closed: their side files hold nothing (a leftover -wal beside the
  // renamed file would be replayed into it).
  for (const suffix of ['-wal', '-shm']) {
    fs.rmSync(`${buildFile}${suffix}`, { force: true });
    fs.rmSync(`${target}${suffix}`, { force: true });
  }
  fs.renameSync(buildFile, target);
}
