import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { BackupError } from './BackupManifest';

const VERSIONS_DIR = '/usr/lib/postgresql';

/**
 * A PostgreSQL client program: the newest Debian server's bin directory first (pg_dump must be at least
 * the server's version), else the PATH.
 */
export function postgresProgram(name: 'pg_dump' | 'pg_restore'): string {
  if (fs.existsSync(VERSIONS_DIR)) {
    const versions = fs
      .readdirSync(VERSIONS_DIR)
      .filter((version) => fs.existsSync(path.join(VERSIONS_DIR, version, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return path.join(VERSIONS_DIR, versions[0], 'bin', name);
  }
  return name;
}

/** Runs a client program; fails with its stderr. The URL goes as an argument, never into a log. */
export function runPostgresProgram(name: 'pg_dump' | 'pg_restore', args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(postgresProgram(name), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error) =>
      reject(new BackupError(`${name} cannot run (${error.message}): install postgresql-client`)),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new BackupError(`${name} failed: ${stderr.trim()}`)),
    );
  });
}
