// Whether dist/ is missing or older than any input of the browser build.
import fs from 'node:fs';
import path from 'node:path';

const INPUTS = ['src', 'public', 'translations', 'webpack.config.ts', 'package-lock.json', 'tsconfig.json'];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** The file whose time stamp says when dist/ was last built. */
const builtMarker = (root) => path.join(root, 'dist', 'index.html');

export function buildIsStale(root = process.cwd()) {
  const built = builtMarker(root);
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

/**
 * Records that dist/ was built from the inputs as they are now. webpack leaves an output file that came out
 * the same unwritten (`output.compareBeforeEmit`), so after a rebuild for an input that was only touched (a
 * reinstall rewrites package-lock.json unchanged) index.html kept its old time and every later start built again.
 */
export function markBuilt(root = process.cwd()) {
  const now = new Date();
  fs.utimesSync(builtMarker(root), now, now);
}
