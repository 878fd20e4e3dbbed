/** What a backup file says it holds (`manifest.json`, the first entry of the archive). */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: typeof BACKUP_FORMAT_VERSION;
  createdAt: string;
  /** The app version (package.json) that wrote it. */
  appVersion: string;
  adapter: 'sqlite' | 'postgres';
  /** The schema migrations the database had applied when it was copied. */
  migrations: number[];
  /** The database: an SQLite online-backup copy, or a `pg_dump -Fc` archive. */
  database: BackupEntry;
  /** DATA_DIR's files under `data/`: generated secrets, uploaded files, the mail outbox. */
  files: (BackupEntry & { kind: 'secret' | 'upload' | 'other' })[];
}

export interface BackupEntry {
  /** Path inside the archive. */
  path: string;
  bytes: number;
  sha256: string;
}

export const BACKUP_FORMAT = 'parcel-atlas-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const DATA_PREFIX = 'data/';
export const SQLITE_ENTRY = 'database.sqlite';
export const POSTGRES_ENTRY = 'database.pgdump';

/** DATA_DIR files generated once and kept (config.ts): the token signing secret and the VAPID key pair. */
export const SECRET_FILES = ['jwt-secret', 'vapid-keys.json'];

/** A backup or restore refused for a reason the operator can act on (printed as one line, exit code 1). */
export class BackupError extends Error {}

/** The manifest read from an archive, or a BackupError saying why it is not one of ours. */
export function parseManifest(text: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BackupError('The backup manifest is not valid JSON');
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError('This is not a Parcel Atlas backup');
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION)
    throw new BackupError(`Backup format version ${String(manifest.formatVersion)} is not supported`);
  if (
    (manifest.adapter !== 'sqlite' && manifest.adapter !== 'postgres') ||
    !Array.isArray(manifest.migrations) ||
    !manifest.database ||
    !Array.isArray(manifest.files)
  )
    throw new BackupError('The backup manifest is incomplete');
  return manifest as BackupManifest;
}
