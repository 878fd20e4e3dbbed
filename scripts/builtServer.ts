import path from 'node:path';
import { spawnSync } from 'node:child_process';

/** The built server's entry (scripts/buildServer.mjs), which `npm start` runs: plain Node, no tsx (ADR 091). */
export const BUILT_SERVER_MAIN = path.join('dist-server', 'server', 'main.js');

/** Set once this process (and so the processes it starts, jest's workers too) has built the server. */
const SERVER_BUILT_ENV = 'PARCEL_ATLAS_SERVER_BUILT';

/**
 * Builds the server into dist-server/ from the current sources, once per process tree: the tests' global
 * set-ups build it before their workers start, and a benchmark or a test file run on its own builds it here
 * (about a second).
 */
export function ensureServerBuilt(): void {
  if (process.env[SERVER_BUILT_ENV]) return;
  const build = spawnSync(process.execPath, ['scripts/buildServer.mjs'], { encoding: 'utf8' });
  if (build.status !== 0)
    throw new Error(
      `Building the server (node scripts/buildServer.mjs) failed:\n${build.stdout}${build.stderr}`,
    );
  process.env[SERVER_BUILT_ENV] = '1';
}
