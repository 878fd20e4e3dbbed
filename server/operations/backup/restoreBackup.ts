import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { DATABASE_FILE_NAME } from '../../store/sqlite/openDatabase';
import { readSqliteFile } from '../../store/sqlite/backup/sqliteFileBackup';
import { migrations as sqliteMigrations } from '../../store/sqlite/migrations';
import { postgresMigrations } from '../../store/postgres/migrations';
import { connectPostgres } from '../../store/postgres/PostgresConnection';
import { missingVersions } from '../../store/contract/StorageHealth';
import {
  BackupError,
  DATA_PREFIX,
  MANIFEST_ENTRY,
  parseManifest,
  SECRET_FILES,
  type BackupManifest,
} from './BackupManifest';
import { sha256Of } from './createBackup';
import { runPostgresProgram } from './postgresTools';

export interface RestoreOptions {
  file: string;
  /** Must be empty or missing: the restored files go here (and the SQLite database). */
  dataDir: string;
  /** The empty PostgreSQL database to restore into (a PostgreSQL backup); null for SQLite. */
  databaseUrl: string | null;
  /** Where a server of this configuration would answer: restore refuses while one does. */
  serverUrl: string;
}

/** Whether something answers `/healthz` at `serverUrl` within a second. */
async function serverAnswers(serverUrl: string): Promise<boolean> {
  try {
    await fetch(`${serverUrl}/healthz`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

function refuseNonEmptyDataDir(dataDir: string): void {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0)
    throw new BackupError(`DATA_DIR ${dataDir} is not empty: restore only into an empty or new directory`);
}

/** Every entry the manifest names is in the archive with its size and SHA-256, and nothing else is. */
function verifyEntries(root: string, manifest: BackupManifest): void {
  const expected = [manifest.database, ...manifest.files];
  for (const entry of expected) {
    const file = path.join(root, entry.path);
    if (!fs.existsSync(file)) throw new BackupError(`The backup lacks ${entry.path}`);
    if (fs.statSync(file).size !== entry.bytes || sha256Of(file) !== entry.sha256)
      throw new BackupError(`${entry.path} in the backup is damaged (its checksum does not match)`);
  }
  const named = new Set([MANIFEST_ENTRY, ...expected.map((entry) => entry.path)]);
  const present = (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  const extra = present.filter((entry) => !named.has(entry));
  if (extra.length > 0)
    throw new BackupError(`The backup holds files its manifest does not name: ${extra.join(', ')}`);
}

/** A backup made by a newer version holds migrations this code does not know: it cannot read it. */
function checkMigrations(manifest: BackupManifest): void {
  const known = (manifest.adapter === 'sqlite' ? sqliteMigrations : postgresMigrations).map((m) => m.version);
  const unknown = missingVersions(manifest.migrations, known);
  if (unknown.length > 0)
    throw new BackupError(
      `The backup was made by a newer version (migrations ${unknown.join(', ')} are unknown here): upgrade first`,
    );
}

function checkSqlite(file: string, manifest: BackupManifest): void {
  readSqliteFile(file, (db) => {
    const check = db.check('integrity_check');
    if (check !== 'ok')
      throw new BackupError(`The backed-up database fails its integrity check: ${String(check)}`);
    if (db.migrations().join(',') !== manifest.migrations.join(','))
      throw new BackupError('The backed-up database does not hold the migrations its manifest names');
  });
}

/** The database holds no table of its own (extension tables such as PostGIS's spatial_ref_sys aside). */
async function refuseNonEmptyPostgres(url: string): Promise<void> {
  const db = await connectPostgres(url, { poolSize: 1 });
  try {
    const row = await db.one<{ tables: number }>(
      `SELECT count(*) AS tables FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
         AND n.nspname NOT LIKE 'pg_toast%'
         AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')`,
    );
    if ((row?.tables ?? 0) > 0)
      throw new BackupError('The database is not empty: restore only into a new, empty database');
  } finally {
    await db.close();
  }
}

async function postgresMigrationsOf(url: string): Promise<number[]> {
  const db = await connectPostgres(url, { poolSize: 1 });
  try {
    return (
      await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
    ).map((row) => row.version);
  } finally {
    await db.close();
  }
}

/** Copies the archive's `data/` into DATA_DIR, secrets readable by the owner only. */
function installFiles(root: string, dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const data = path.join(root, DATA_PREFIX);
  if (fs.existsSync(data)) fs.cpSync(data, dataDir, { recursive: true, preserveTimestamps: true });
  for (const secret of SECRET_FILES) {
    const file = path.join(dataDir, secret);
    if (fs.existsSync(file)) fs.chmodSync(file, 0o600);
  }
}

/**
 * `npm run restore -- <file>`: refuses while a server answers on the configured port, or when DATA_DIR (or
 * the PostgreSQL database) is not empty; checks every entry against the manifest's checksums, the
 * migrations against this version's, and the database itself (SQLite's integrity check, pg_restore's
 * reading of the archive); then restores the database and DATA_DIR's files. The server started on them
 * applies any migrations added since the backup.
 */
export async function restoreBackup({
  file,
  dataDir,
  databaseUrl,
  serverUrl,
}: RestoreOptions): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupError(`There is no backup at ${file}`);
  if (await serverAnswers(serverUrl))
    throw new BackupError(`A server answers at ${serverUrl}: stop it before restoring`);
  refuseNonEmptyDataDir(dataDir);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-restore-'));
  try {
    try {
      await tar.extract({ file, cwd: staging, strict: true });
    } catch (error) {
      throw new BackupError(`The backup cannot be read: ${(error as Error).message}`);
    }
    const manifestFile = path.join(staging, MANIFEST_ENTRY);
    if (!fs.existsSync(manifestFile)) throw new BackupError('The backup has no manifest');
    const manifest = parseManifest(fs.readFileSync(manifestFile, 'utf8'));
    verifyEntries(staging, manifest);
    checkMigrations(manifest);
    const database = path.join(staging, manifest.database.path);
    if (manifest.adapter === 'sqlite') {
      if (databaseUrl !== null)
        throw new BackupError('This is a backup of an SQLite installation: unset DATABASE_URL to restore it');
      checkSqlite(database, manifest);
      installFiles(staging, dataDir);
      fs.copyFileSync(database, path.join(dataDir, DATABASE_FILE_NAME));
      return manifest;
    }
    if (databaseUrl === null)
      throw new BackupError(
        'This is a backup of a PostgreSQL installation: set DATABASE_URL to an empty database',
      );
    await runPostgresProgram('pg_restore', ['--list', database]);
    await refuseNonEmptyPostgres(databaseUrl);
    await runPostgresProgram('pg_restore', [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${databaseUrl}`,
      database,
    ]);
    if ((await postgresMigrationsOf(databaseUrl)).join(',') !== manifest.migrations.join(','))
      throw new BackupError('The restored database does not hold the migrations the manifest names');
    installFiles(staging, dataDir);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
