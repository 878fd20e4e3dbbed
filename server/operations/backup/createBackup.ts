import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { DATABASE_FILE_NAME } from '../../store/sqlite/openDatabase';
import { copyLiveSqliteFile, readSqliteFile } from '../../store/sqlite/backup/sqliteFileBackup';
import { connectPostgres } from '../../store/postgres/PostgresConnection';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  DATA_PREFIX,
  MANIFEST_ENTRY,
  POSTGRES_ENTRY,
  SECRET_FILES,
  SQLITE_ENTRY,
  type BackupEntry,
  type BackupManifest,
} from './BackupManifest';
import { runPostgresProgram } from './postgresTools';

export interface BackupOptions {
  dataDir: string;
  /** PostgreSQL (pg_dump); null: the SQLite database in DATA_DIR (online backup API). */
  databaseUrl: string | null;
  /** The archive to write (a gzipped tar). */
  file: string;
  appVersion: string;
}

export function sha256Of(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function entryOf(root: string, entryPath: string): BackupEntry {
  const file = path.join(root, entryPath);
  return { path: entryPath, bytes: fs.statSync(file).size, sha256: sha256Of(file) };
}

/** The database file and its companions (WAL, shared memory, a build under way) are not copied as files. */
const isDatabaseFile = (name: string) => name.startsWith(DATABASE_FILE_NAME);

function kindOf(relative: string): BackupManifest['files'][number]['kind'] {
  if (SECRET_FILES.includes(relative)) return 'secret';
  return relative.startsWith(`files${path.sep}`) ? 'upload' : 'other';
}

/**
 * A consistent copy of the SQLite database while the server writes to it: SQLite's online backup API
 * through a connection of its own (a change made meanwhile restarts the copy, so it is one moment's state).
 * Returns the migrations the copy holds, after checking it.
 */
async function copySqlite(dataDir: string, target: string): Promise<number[]> {
  const source = path.join(dataDir, DATABASE_FILE_NAME);
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}`);
  await copyLiveSqliteFile(source, target);
  return readSqliteFile(target, (copy) => {
    const check = copy.check('quick_check');
    if (check !== 'ok') throw new BackupError(`The database copy fails its check: ${String(check)}`);
    return copy.migrations();
  });
}

/** `pg_dump -Fc` of the database (a consistent snapshot, taken while instances write), and its migrations. */
async function dumpPostgres(url: string, target: string): Promise<number[]> {
  const db = await connectPostgres(url, { poolSize: 1 });
  let migrations: number[];
  try {
    migrations = (
      await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
    ).map((row) => row.version);
  } finally {
    await db.close();
  }
  await runPostgresProgram('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${target}`, url]);
  return migrations;
}

/**
 * `npm run backup -- <file>`: the database first (SQLite online backup or pg_dump), then DATA_DIR's files
 * (generated secrets, uploads — content-addressed and never changed, so every file the copied database
 * names is there), with a manifest of every entry's size and SHA-256, in one gzipped tar readable only by
 * its owner (it holds secrets and password hashes).
 */
export async function createBackup({
  dataDir,
  databaseUrl,
  file,
  appVersion,
}: BackupOptions): Promise<BackupManifest> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-backup-'));
  try {
    const databaseEntry = databaseUrl === null ? SQLITE_ENTRY : POSTGRES_ENTRY;
    const migrations =
      databaseUrl === null
        ? await copySqlite(dataDir, path.join(staging, databaseEntry))
        : await dumpPostgres(databaseUrl, path.join(staging, databaseEntry));
    const dataRoot = path.join(staging, DATA_PREFIX);
    fs.mkdirSync(dataRoot);
    fs.cpSync(dataDir, dataRoot, {
      recursive: true,
      preserveTimestamps: true,
      filter: (source) => !isDatabaseFile(path.basename(source)),
    });
    const files = (fs.readdirSync(dataRoot, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dataRoot, path.join(entry.parentPath, entry.name)))
      .sort()
      .map((relative) => ({
        ...entryOf(staging, `${DATA_PREFIX}${relative.split(path.sep).join('/')}`),
        kind: kindOf(relative),
      }));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      appVersion,
      adapter: databaseUrl === null ? 'sqlite' : 'postgres',
      migrations,
      database: entryOf(staging, databaseEntry),
      files,
    };
    fs.writeFileSync(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${file}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      MANIFEST_ENTRY,
      databaseEntry,
      ...files.map((entry) => entry.path),
    ]);
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
