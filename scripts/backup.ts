/**
 * `npm run backup -- <file>`: a backup of the installation while its server runs — the database (SQLite's
 * online backup API, or `pg_dump -Fc` with DATABASE_URL), DATA_DIR's generated secrets and uploaded files,
 * and a manifest of what the file holds. See docs/operations.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadStorageConfig } from '../server/config';
import { BackupError } from '../server/operations/backup/BackupManifest';
import { createBackup } from '../server/operations/backup/createBackup';

async function main(): Promise<void> {
  const [file] = process.argv.slice(2);
  if (!file || file.startsWith('-')) throw new BackupError('Usage: npm run backup -- <file.tar.gz>');
  const { dataDir, databaseUrl } = loadStorageConfig();
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new BackupError(`${target} exists already: choose a new file name`);
  const { version } = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const started = Date.now();
  const manifest = await createBackup({ dataDir, databaseUrl, file: target, appVersion: version });
  const uploads = manifest.files.filter((entry) => entry.kind === 'upload').length;
  const secrets = manifest.files.filter((entry) => entry.kind === 'secret').length;
  process.stdout.write(
    `Backup written to ${target}: ${manifest.adapter} database (migration ${manifest.migrations.at(-1) ?? 'none'}), ` +
      `${uploads} uploaded files, ${secrets} secrets, ${manifest.files.length} files in all, ` +
      `${fs.statSync(target).size} bytes in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
