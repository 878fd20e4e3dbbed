// Builds the browser app when dist/ is missing or stale (used by `npm start` and the end-to-end tests).
import { spawnSync } from 'node:child_process';
import { buildIsStale, markBuilt } from './buildIsStale.mjs';

export function ensureBuild() {
  if (!buildIsStale()) return;
  console.log('Building the web app (webpack, production)…');
  const started = Date.now();
  const result = spawnSync('npx', ['webpack', '--mode', 'production'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web app build failed; see the errors above.');
    process.exit(result.status ?? 1);
  }
  markBuilt();
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
