// What `npm test` keeps between runs on this machine, under the user's cache directory (ADR 088): builds of the
// native addons, and ESLint's and prettier's records of the files they passed. Each is named by everything that
// decides it, so a checkout never takes one that does not fit.
//
// better-sqlite3 has no prebuilt binary here (its install script downloads one from GitHub, which these machines
// cannot reach) and compiles SQLite instead: about a minute of one core (75 CPU-s beside the checks), on the
// critical path of every install into a clean checkout, as CI's is; argon2 compiles too (see KEPT_ADDONS). A
// build depends only on the package's version and the Node.js ABI, platform and architecture, so a build made
// once is kept, named by those, and copied into the next checkout instead of being compiled again — what
// prebuild-install does with a downloaded binary, for one we built.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';

/**
 * Each addon kept: its package and the binary its install script builds (which the package loads first).
 * argon2 ships prebuilt binaries, but its Linux one crashes Node 20 here on loading, so its script compiles it.
 */
const KEPT_ADDONS = [
  { name: 'better-sqlite3', binary: path.join('build', 'Release', 'better_sqlite3.node') },
  { name: 'argon2', binary: path.join('build', 'Release', 'argon2.node') },
];

/** How many cache files of a check are kept: several checkouts (CI's, a developer's worktrees) share a machine. */
const KEPT_CHECK_CACHES = 8;

/** `$XDG_CACHE_HOME` (or ~/.cache) /parcel-atlas/`name`. */
export function machineCacheDirectory(name) {
  const cacheHome = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cacheHome, 'parcel-atlas', name);
}

/**
 * The cache file of a check (`eslint`, `prettier`) in the checkout `root`, which records what it passed by
 * the files' content and the check's options. Named by the checkout's place, since each tool keeps the files of
 * one place (two checkouts sharing a file would each find the other's and start afresh), and by package-lock.json's
 * content: a plugin's new version may judge an unchanged file differently, which ESLint's and prettier's caches
 * do not notice. The newest `KEPT_CHECK_CACHES` are kept.
 */
export function checkCacheFile(tool, root = '.') {
  const directory = machineCacheDirectory(tool);
  const lockfile = fs.readFileSync(path.join(root, 'package-lock.json'));
  const key = createHash('sha256').update(path.resolve(root)).update(lockfile).digest('hex').slice(0, 16);
  const file = path.join(directory, `${key}.json`);
  fs.mkdirSync(directory, { recursive: true });
  removeOldestBeside(file, KEPT_CHECK_CACHES - 1);
  return file;
}

/** Removes the files beside `file` in its directory but the `keep` newest (each file's time read once). */
function removeOldestBeside(file, keep) {
  const directory = path.dirname(file);
  const others = fs
    .readdirSync(directory)
    .map((name) => path.join(directory, name))
    .filter((other) => other !== file)
    .map((other) => ({ other, modified: fs.statSync(other).mtimeMs }))
    .sort((a, b) => b.modified - a.modified);
  for (const { other } of others.slice(keep)) fs.rmSync(other, { force: true });
}

/** The kept file of an installed addon: prebuild-install's name for the same binary, `.node` instead of `.tar.gz`. */
function keptFile(root, addon) {
  const { version } = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules', addon.name, 'package.json'), 'utf8'),
  );
  const abi = `node-v${process.versions.modules}-${process.platform}-${process.arch}`;
  return path.join(machineCacheDirectory('native-addons'), `${addon.name}-v${version}-${abi}.node`);
}

/** What proves an addon works: it does its job once (in a child process, which a bad binary may crash). */
const PROBES = {
  'better-sqlite3': "new (require('better-sqlite3'))(':memory:').prepare('select sqlite_version()').get()",
  argon2: "require('argon2').hash('probe').then(() => process.exit(0), () => process.exit(1))",
};

/** True when the package under `root` loads its binary and uses it. */
function addonWorks(root, name) {
  const probe = PROBES[name] ?? `require(${JSON.stringify(name)})`;
  return spawnSync(process.execPath, ['-e', probe], { cwd: root, stdio: 'ignore' }).status === 0;
}

/** Copies this machine's kept build of `name` into `root`'s node_modules; true when the package then works. */
function restoreKeptBuild(root, name) {
  const addon = KEPT_ADDONS.find((each) => each.name === name);
  const kept = addon && keptFile(root, addon);
  if (!kept || !fs.existsSync(kept)) return false;
  const target = path.join(root, 'node_modules', addon.name, addon.binary);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(kept, target);
  if (addonWorks(root, addon.name)) return true;
  // A kept build that does not load is thrown away, and the package is built again.
  fs.rmSync(target, { force: true });
  fs.rmSync(kept, { force: true });
  return false;
}

/**
 * The native addons of `names` that work without their install scripts: as installed (a package npm left in
 * place keeps its build) or with this machine's kept build copied in. The others need their install scripts run
 * (`npm rebuild`).
 */
export function addonsThatWork(names, root = '.') {
  return names.filter((name) => addonWorks(root, name) || restoreKeptBuild(root, name));
}

/** Keeps the binaries of `names` just built (written under a temporary name and renamed: never half a file). */
export function keepBuilds(names, root = '.') {
  for (const addon of KEPT_ADDONS.filter((each) => names.includes(each.name))) {
    const built = path.join(root, 'node_modules', addon.name, addon.binary);
    if (!fs.existsSync(built)) continue;
    const kept = keptFile(root, addon);
    fs.mkdirSync(path.dirname(kept), { recursive: true });
    const partial = `${kept}.${process.pid}.partial`;
    fs.copyFileSync(built, partial);
    fs.renameSync(partial, kept);
  }
}
