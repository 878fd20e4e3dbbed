/**
 * `npm run restore -- <file>`: restores a backup of `npm run backup` into an empty DATA_DIR (and, for a
 * PostgreSQL backup, the empty database DATABASE_URL names). Refuses while a server answers on PORT,
 * and when the backup is damaged or made by a newer version. See docs/operations.md.
 */
import path from 'node:path';
import { loadStorageConfig } from '../server/config';
import { BackupError } from '../server/operations/backup/BackupManifest';
import { restoreBackup } from '../server/operations/backup/restoreBackup';

async function main(): Promise<void> {
  const [file] = process.argv.slice(2);
  if (!file || file.startsWith('-')) throw new BackupError('Usage: npm run restore -- <file.tar.gz>');
  const { dataDir, databaseUrl, serverUrl } = loadStorageConfig();
  const manifest = await restoreBackup({ file: path.resolve(file), dataDir, databaseUrl, serverUrl });
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} (${manifest.adapter}, migration ${manifest.migrations.at(-1) ?? 'none'}, ` +
      `${manifest.files.length} files) into ${dataDir}${databaseUrl ? ' and the database' : ''}. Start the server.\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
