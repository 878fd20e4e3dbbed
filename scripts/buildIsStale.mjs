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

export function buildIsStale(root = process.cwd()) {
  const built = path.join(root, 'dist', 'index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(root, input)) > builtAt);
}
