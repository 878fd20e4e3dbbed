// What `npm test` keeps between runs on this machine, under the user's cache directory (ADR 088): builds of the
// native addons, and prettier's record of the files it found formatted. Each is named by everything that decides
// it, so a checkout never takes one that does not fit.
//
// better-sqlite3 has no prebuilt binary here (its install script downloads one from GitHub, which these machines
// cannot reach) and compiles SQLite instead: about a minute of one core (75 CPU-s beside the checks), on the
// critical path of every install into a clean checkout, as CI's is. The build depends only on the package's
// version and the Node.js ABI, platform and architecture, so a build made once is kept, named by those, and
// copied into the next checkout instead of being compiled again — what prebuild-install does with a downloaded
// binary, for one we built.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/** Each addon kept: its package and the binary its install script builds (which the package loads). */
const KEPT_ADDONS = [
  { name: 'better-sqlite3', binary: path.join('build', 'Release', 'better_sqlite3.node') },
];

/** `$XDG_CACHE_HOME` (or ~/.cache) /parcel-atlas/`name`. */
export function machineCacheDirectory(name) {
  const cacheHome = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cacheHome, 'parcel-atlas', name);
}

/** The kept file of an installed addon: prebuild-install's name for the same binary, `.node` instead of `.tar.gz`. */
function keptFile(root, addon) {
  const { version } = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules', addon.name, 'package.json'), 'utf8'),
  );
  const abi = `node-v${process.versions.modules}-${process.platform}-${process.arch}`;
  return path.join(machineCacheDirectory('native-addons'), `${addon.name}-v${version}-${abi}.node`);
}

/** True when the installed package loads its binary and uses it (a child process: a bad binary may crash it). */
function addonWorks(root, name) {
  const probe =
    name === 'better-sqlite3'
      ? "new (require('better-sqlite3'))(':memory:').prepare('select sqlite_version()').get()"
      : `require(${JSON.stringify(name)})`;
  return spawnSync(process.execPath, ['-e', probe], { cwd: root, stdio: 'ignore' }).status === 0;
}

/**
 * Copies the kept builds of `names` into `root`'s node_modules where this machine has one that loads; returns the names
 * restored, which need no build. A kept build that does not load is thrown away (and built again).
 */
export function restoreKeptBuilds(names, root = '.') {
  const restored = [];
  for (const addon of KEPT_ADDONS.filter((each) => names.includes(each.name))) {
    const kept = keptFile(root, addon);
    if (!fs.existsSync(kept)) continue;
    const target = path.join(root, 'node_modules', addon.name, addon.binary);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(kept, target);
    if (addonWorks(root, addon.name)) {
      restored.push(addon.name);
    } else {
      fs.rmSync(target, { force: true });
      fs.rmSync(kept, { force: true });
    }
  }
  return restored;
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
