import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/** A throwaway PostgreSQL cluster in a temporary directory (trust authentication, 127.0.0.1 only). */
export interface PostgresCluster {
  /** The superuser's URL of one database of the cluster. */
  url(database: string): string;
  /** Stops the server and removes the cluster. */
  stop(): void;
  /** Stops the server (fast shutdown: connections end), keeping the cluster to start again. */
  halt(): void;
  /** Starts the halted server again on the same port. */
  resume(): void;
}

const VERSIONS_DIR = '/usr/lib/postgresql';

/** The newest installed server's bin directory (Debian: /usr/lib/postgresql/15/bin), or null. */
export function postgresBinDir(): string | null {
  if (!fs.existsSync(VERSIONS_DIR)) return null;
  const versions = fs
    .readdirSync(VERSIONS_DIR)
    .filter((version) => fs.existsSync(path.join(VERSIONS_DIR, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(VERSIONS_DIR, versions[0], 'bin') : null;
}

/**
 * PostgreSQL refuses to run as root: as root the cluster runs as Debian's `postgres` user (which the
 * postgresql package creates), otherwise as the current user.
 */
function runAs(): { uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const entry = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('postgres:'));
  if (!entry) throw new Error('running as root, but there is no `postgres` user to run PostgreSQL as');
  const [, , uid, gid] = entry.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function run(binary: string, args: string[], user: { uid: number; gid: number } | null): void {
  const result = spawnSync(binary, args, {
    encoding: 'utf8',
    cwd: os.tmpdir(),
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(binary)} failed (${result.error?.message ?? `exit ${result.status}`}): ${result.stderr || result.stdout}`,
    );
  }
}

const CLUSTER_PREFIX = 'parcel-atlas-pg-';
/** The jest process that started a cluster, written into its directory. */
const OWNER_FILE = 'owner.pid';

function pgCtlStop(bin: string, data: string, user: { uid: number; gid: number } | null): void {
  spawnSync(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], {
    cwd: os.tmpdir(),
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops and removes the clusters of jest runs that ended without their teardown (killed, crashed); the
 * clusters of runs still going (other worktrees, a parallel run) are left alone.
 */
function removeAbandonedClusters(bin: string, user: { uid: number; gid: number } | null): void {
  for (const name of fs.readdirSync(os.tmpdir()).filter((entry) => entry.startsWith(CLUSTER_PREFIX))) {
    const dir = path.join(os.tmpdir(), name);
    const ownerFile = path.join(dir, OWNER_FILE);
    if (fs.existsSync(ownerFile)) {
      if (isRunning(Number(fs.readFileSync(ownerFile, 'utf8')))) continue;
    } else if (Date.now() - fs.statSync(dir).mtimeMs < 60_000) {
      continue; // just made by a run that has not written its owner yet
    }
    if (fs.existsSync(path.join(dir, 'data', 'postmaster.pid'))) pgCtlStop(bin, path.join(dir, 'data'), user);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * initdb + pg_ctl start on `port`, then PostGIS, unaccent and pg_trgm in template1 so every database
 * created from it has them. Durability is off (fsync, synchronous commit): the cluster is thrown away.
 */
export function startPostgresCluster(port: number): PostgresCluster {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run `apt-get install -y postgresql postgis` (npm test does this when run as root)',
    );
  }
  const user = runAs();
  removeAbandonedClusters(bin, user);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), CLUSTER_PREFIX));
  fs.writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const stop = () => {
    if (fs.existsSync(path.join(data, 'postmaster.pid'))) pgCtlStop(bin, data, user);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    initCluster(bin, data, user);
    startServer(bin, data, dir, port, user);
  } catch (error) {
    stop();
    throw error;
  }
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  try {
    // psql, not the pool: starting the cluster is synchronous (jest's globalSetup, the benchmarks).
    run(
      path.join(bin, 'psql'),
      [
        '-X',
        '-v',
        'ON_ERROR_STOP=1',
        url('template1'),
        '-c',
        'CREATE EXTENSION postgis; CREATE EXTENSION unaccent; CREATE EXTENSION pg_trgm',
      ],
      null,
    );
  } catch (error) {
    stop();
    throw new Error(`PostGIS is not available in the test cluster: ${(error as Error).message}`);
  }
  return {
    url,
    stop,
    halt: () => run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'], user),
    resume: () => startServer(bin, data, dir, port, user),
  };
}

function initCluster(bin: string, data: string, user: { uid: number; gid: number } | null): void {
  run(
    path.join(bin, 'initdb'),
    ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
    user,
  );
}

function startServer(
  bin: string,
  data: string,
  dir: string,
  port: number,
  user: { uid: number; gid: number } | null,
): void {
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  run(
    path.join(bin, 'pg_ctl'),
    ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'],
    user,
  );
}
