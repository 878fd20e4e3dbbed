// `npm test`: type-check, lint, format, import cycles (modules, folders, server layers), then every test layer — unit, component, server, and end to end in Debian's
// Chromium against the real server. Installs the npm packages (with the lockfile) when they are missing or older
// than it, and Chromium, PostgreSQL, PostGIS and the other tools when they are missing (as root); never skips the
// browser or PostgreSQL tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { imageCheckBlocker } from './imageCheckPreflight.mjs';
import { addonsThatWork, checkCacheFile, keepBuilds } from './machineCache.mjs';

const CHROMIUM_BUILDS = ['/usr/bin/chromium', '/usr/lib/chromium/chromium-headless-shell'];

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** Runs a command with its output shown (asynchronously: an apt install may still be going on beside it). */
function run(label, command, args) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: process.env });
    child.on('close', (status) => {
      console.log(`${label}: ${seconds(started)} (load average ${os.loadavg()[0].toFixed(1)})`);
      resolve(status === 0);
    });
  });
}

/**
 * Runs one check in the background, its output held back and printed whole when it ends (so the checks, which
 * are independent and single-threaded, can run side by side without interleaving their messages). At a lower
 * priority (`nice`): no test waits for a check, while the tests wait for what runs beside them — the native
 * addons' compile on a fresh checkout, then the unit and component tests (ADR 079).
 */
async function check(label, args) {
  const started = Date.now();
  const { ok, output } = await runQuietly('nice', ['-n', '10', process.execPath, ...args], process.env);
  console.log(`\n▶ ${label}: ${ok ? 'passed' : 'FAILED'} in ${seconds(started)}`);
  if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  return ok;
}

/** True when a PostgreSQL server (initdb) and PostGIS for it are installed (Debian's layout). */
function hasPostgresWithPostgis() {
  const versions = '/usr/lib/postgresql';
  if (!fs.existsSync(versions)) return false;
  return fs
    .readdirSync(versions)
    .some(
      (version) =>
        fs.existsSync(path.join(versions, version, 'bin', 'initdb')) &&
        fs.existsSync(`/usr/share/postgresql/${version}/extension/postgis.control`),
    );
}

/**
 * The Debian packages the tests need, each with how to tell it is there. Missing ones are installed in one
 * `apt-get` transaction (one index update, one download), as root; otherwise the run stops with the command to
 * run. Never goes on without them: no test is skipped for a missing tool.
 */
const NEEDED_PACKAGES = [
  // The browser tests run in Chromium's headless shell, and those of Web Push in the whole browser (ADR 081).
  // Liberation is only recommended by Chromium, but the screenshots are drawn with it (Arial's metrics).
  {
    what: 'Chromium',
    packages: ['chromium', 'chromium-headless-shell', 'fonts-liberation'],
    present: () => CHROMIUM_BUILDS.every((build) => fs.existsSync(build)),
  },
  // The repository contract tests start a throwaway PostgreSQL/PostGIS cluster (test/server/globalSetup.ts).
  {
    what: 'PostgreSQL with PostGIS',
    packages: ['postgresql', 'postgresql-postgis'],
    present: hasPostgresWithPostgis,
  },
  // The report tests render every PDF page with Poppler and read the DXF back with ezdxf and GDAL; the OGC API
  // tests read it with GDAL's OAPIF and MVT drivers (test/server/ogc).
  { what: 'Poppler', packages: ['poppler-utils'], present: () => fs.existsSync('/usr/bin/pdftoppm') },
  {
    what: 'ezdxf',
    packages: ['python3-ezdxf'],
    present: () => spawnSync('/usr/bin/python3', ['-c', 'import ezdxf']).status === 0,
  },
  { what: 'GDAL', packages: ['gdal-bin'], present: () => fs.existsSync('/usr/bin/ogrinfo') },
  // The rolling-restart test puts Debian's nginx with deploy/nginx.conf in front of two instances.
  { what: 'nginx', packages: ['nginx'], present: () => fs.existsSync('/usr/sbin/nginx') },
  // The QGIS test loads both connections of the QGIS guide in headless QGIS with PyQGIS (test/server/ogc): its
  // libraries and data providers, the desktop's own, without the desktop application (`qgis`, 150 MB more).
  {
    what: 'QGIS with PyQGIS',
    packages: ['python3-qgis'],
    present: () => spawnSync('/usr/bin/python3', ['-c', 'import qgis.core']).status === 0,
  },
];

/** Runs a command with its output held back, resolving to whether it succeeded and what it printed. */
function runQuietly(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ ok: status === 0, output }));
    child.on('error', (error) => resolve({ ok: false, output: String(error) }));
  });
}

/**
 * What NEEDED_PACKAGES says is missing and the command that installs it; stops the run (before any check starts)
 * when that command cannot be run here (not root, or no apt-get).
 */
function missingPackagesOrStop() {
  const missing = NEEDED_PACKAGES.filter((entry) => !entry.present());
  if (missing.length === 0) return null;
  const packages = missing.flatMap((entry) => entry.packages);
  const what = missing.map((entry) => entry.what).join(', ');
  const command = `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) {
    console.error(`Missing for the tests: ${what}. Install with \`sudo ${command}\`.`);
    process.exit(1);
  }
  return { packages, what, command };
}

/**
 * Installs the missing packages in one `apt-get` transaction (one index update, one download). Asynchronous:
 * on a fresh machine the checks and the unit and component tests (CPU) run while apt downloads and unpacks.
 * Only what the tests use: no recommended packages (Chromium's and QGIS's pull in ~160 desktop packages —
 * printing, modems, GRASS — about a fifth of the install's time: 149 → 120 s alone), and dpkg without an fsync
 * per file (a throwaway test machine; a crash mid-install is repaired by running it again). Its ~2,000 lines of
 * output are printed only when it fails (ADR 077).
 */
async function installPackages({ packages, what, command }) {
  const started = Date.now();
  console.log(
    `Missing for the tests: ${what}. Installing Debian's packages (${command}) while the checks run…`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = await runQuietly('apt-get', ['update', '-qq'], env);
  const install = update.ok
    ? await runQuietly(
        'apt-get',
        [
          'install',
          '-y',
          '-qq',
          '--no-install-recommends',
          '-o',
          'Dpkg::Options::=--force-unsafe-io',
          ...packages,
        ],
        env,
      )
    : update;
  const stillMissing = NEEDED_PACKAGES.filter((entry) => !entry.present()).map((entry) => entry.what);
  if (!install.ok || stillMissing.length > 0) {
    process.stdout.write(install.output.split('\n').slice(-60).join('\n'));
    console.error(
      `\nInstalling ${stillMissing.join(', ') || what} failed: run \`${command}\` and try again.`,
    );
    return false;
  }
  console.log(
    `\nDebian packages installed: ${seconds(started)} (load average ${os.loadavg()[0].toFixed(1)})`,
  );
  return true;
}

/**
 * True when the npm packages are missing or older than package.json or the lockfile (a fresh clone, or a pull
 * that changed them). npm writes node_modules/.package-lock.json at the end of every install.
 */
function npmPackagesStale() {
  const installed = 'node_modules/.package-lock.json';
  if (!fs.existsSync(installed)) return true;
  const installedAt = fs.statSync(installed).mtimeMs;
  return ['package.json', 'package-lock.json'].some((file) => fs.statSync(file).mtimeMs > installedAt);
}

/** The packages whose install scripts we run (package.json's `allowScripts`): the native addons. */
function packagesWithInstallScripts() {
  const { allowScripts = {} } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  return Object.keys(allowScripts).filter((name) => allowScripts[name] === true);
}

/** npm itself: the one that runs `npm test` (npm_execpath), else the one on the PATH. */
function npmCommand(args) {
  const npmCli = process.env.npm_execpath;
  return npmCli && /\.[cm]?js$/.test(npmCli) ? [process.execPath, [npmCli, ...args]] : ['npm', args];
}

/**
 * `npm install --ignore-scripts` with the committed lockfile, taking the registry's package documents from npm's
 * cache when it has them (`--prefer-offline`: the lockfile pins every version and its checksum, so only where to
 * fetch each tarball is read from them — about 1,270 requests fewer). npm does not ask the registry again when a
 * cached document lacks a version the lockfile names (a package updated since it was cached), so a failed
 * install is tried once more the usual way.
 */
async function unpackNpmPackages() {
  const args = ['install', '--ignore-scripts', '--no-audit', '--no-fund'];
  const fromCache = await runQuietly(...npmCommand([...args, '--prefer-offline']), process.env);
  if (fromCache.ok) return fromCache;
  console.log('npm install from the cached package documents failed; asking the registry for them…');
  return runQuietly(...npmCommand(args), process.env);
}

/**
 * `npm install` with the committed lockfile, in two steps: the packages fetched and unpacked without their
 * install scripts, then those scripts (`npm rebuild`) for the packages of `allowScripts` — compiling
 * better-sqlite3's SQLite takes about a minute on one core, unless this machine kept the build of the same
 * version (machineCache.mjs, ADR 088). The checks need only the unpacked packages, so they run beside the
 * compile, and Debian's packages install beside both (ADR 079). Resolves `unpacked` and `built` separately;
 * each to whether it succeeded (its output printed only when it failed).
 */
function installNpmPackages() {
  const started = Date.now();
  console.log('npm packages missing or older than the lockfile: installing them (npm install)…');
  const unpacked = (async () => {
    const install = await unpackNpmPackages();
    console.log(
      `\nnpm packages unpacked: ${install.ok ? 'done' : 'FAILED'} in ${seconds(started)} (load average ${os.loadavg()[0].toFixed(1)})`,
    );
    if (!install.ok) process.stdout.write(install.output);
    return install.ok;
  })();
  const built = unpacked.then(async (ok) => {
    if (!ok) return false;
    const addons = packagesWithInstallScripts();
    const working = addonsThatWork(addons);
    const toBuild = addons.filter((name) => !working.includes(name));
    // `npm rebuild` with no name would run every package's scripts, the denied ones too.
    const rebuild =
      toBuild.length === 0
        ? { ok: true, output: '' }
        : await runQuietly(...npmCommand(['rebuild', ...toBuild]), process.env);
    if (rebuild.ok) keepBuilds(toBuild);
    console.log(
      `\nnative addons: ${toBuild.length > 0 ? `built ${toBuild.join(', ')}` : 'none to build'}, working as installed or kept ${working.join(', ') || 'none'}: ${rebuild.ok ? 'done' : 'FAILED'} in ${seconds(started)} (load average ${os.loadavg()[0].toFixed(1)})`,
    );
    if (!rebuild.ok) process.stdout.write(rebuild.output);
    // Marks the install as complete (npmPackagesStale), also when npm found nothing to change.
    if (rebuild.ok) fs.utimesSync('node_modules/.package-lock.json', new Date(), new Date());
    return rebuild.ok;
  });
  return { unpacked, built };
}

function jest(label, args, resultFile) {
  return run(label, process.execPath, [
    'node_modules/jest/bin/jest.js',
    ...args,
    '--json',
    `--outputFile=${resultFile}`,
  ]);
}

function counts(resultFile) {
  if (!fs.existsSync(resultFile)) return { passed: 0, failed: 1 };
  const result = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
  return {
    passed: result.numPassedTests,
    failed: result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0),
  };
}

const missingPackages = missingPackagesOrStop();
const results = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-test-'));
// On a fresh machine apt (about one core for two minutes) runs beside the npm install, whose download and
// compile leave a core idle, and then beside the checks and the unit and component tests, which need none of
// those packages (ADR 077, ADR 079).
const packagesInstalled = missingPackages ? installPackages(missingPackages) : Promise.resolve(true);
const npmPackages = npmPackagesStale()
  ? installNpmPackages()
  : { unpacked: Promise.resolve(true), built: Promise.resolve(true) };
if (!(await npmPackages.unpacked)) process.exit(1);
/** The options of ESLint and prettier that keep their record of the files they passed (ADR 088). */
const cachedRecord = (tool) => [
  '--cache',
  '--cache-strategy',
  'content',
  '--cache-location',
  checkCacheFile(tool),
];

// tsc, eslint, prettier and the import-cycle check each use one core, side by side and at a lower priority: each
// prints its report when it ends, and the tests go on beside them — the unit and component tests as soon as the
// native addons they load (better-sqlite3, argon2) are built — so the checks fill what the tests leave idle.
const checksStarted = Date.now();
console.log('\n▶ Checks side by side: type-check, lint, format, import cycles');
const checksDone = Promise.all([
  // TypeScript 7's native compiler, on one thread: a quarter of TypeScript 6's CPU for the same errors (ADR 086).
  // Not incremental: its record costs more to make than it saves beside the tests (ADR 088).
  check('Type-check (tsc --noEmit, TypeScript 7)', [
    'node_modules/typescript-native/bin/tsc',
    '--noEmit',
    '-p',
    'tsconfig.json',
    '--singleThreaded',
  ]),
  // ESLint and prettier check only the files this machine has not seen them pass, by content, options and
  // packages: sound, since every rule of ours judges a file by itself (import cycles are the cycle check's,
  // which reads every file in a second; ADR 088).
  check('Lint (eslint)', ['node_modules/eslint/bin/eslint.js', '.', ...cachedRecord('eslint')]),
  check('Format (prettier --check)', [
    'node_modules/prettier/bin/prettier.cjs',
    '--check',
    '.',
    '--log-level',
    'warn',
    ...cachedRecord('prettier'),
  ]),
  check('Import cycles (modules, folders, server layers)', ['scripts/checkImportCycles.mjs']),
]).then((outcomes) => {
  console.log(`Checks: ${seconds(checksStarted)} (load average ${os.loadavg()[0].toFixed(1)})`);
  return outcomes;
});
if (!(await npmPackages.built)) process.exit(1);
const unitAndComponents = path.join(results, 'unit-and-components.json');
const server = path.join(results, 'server.json');
const e2e = path.join(results, 'e2e.json');
await jest(
  'Unit and component tests (jest)',
  ['--selectProjects', 'unit', 'components', '--maxWorkers=2'],
  unitAndComponents,
);
if (!(await packagesInstalled)) process.exit(1);
// The browser tests' web app and dataset (~65 CPU-s) are built beside the server tests, which wait on their
// servers, clusters and child processes often enough to leave part of a core idle (ADR 078).
const e2eBuildStarted = Date.now();
const e2eBuild = runQuietly(
  process.execPath,
  ['--import', 'tsx', 'test/e2e/webAppAndDataset.ts'],
  process.env,
).then(({ ok, output }) => {
  console.log(
    `\nWeb app and e2e dataset (beside the server tests): ${ok ? 'built' : 'FAILED'} in ${seconds(e2eBuildStarted)}`,
  );
  if (!ok) process.stdout.write(output);
});
await jest('Server tests (jest)', ['--selectProjects', 'server', '--maxWorkers=2'], server);
await e2eBuild;
// Two workers, each with a server of its own (test/e2e/globalSetup.ts, ADR 066): a browser test waits on the
// browser and the server much of the time, so one file at a time leaves a core idle. E2E_WORKERS=1 runs in band.
const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
await jest(
  `End-to-end tests (jest + playwright-core + Chromium, ${e2eWorkers} worker${e2eWorkers === 1 ? '' : 's'})`,
  ['--selectProjects', 'e2e', e2eWorkers === 1 ? '--runInBand' : `--maxWorkers=${e2eWorkers}`],
  e2e,
);

// The container image is built and started by a step of its own, `npm run check-image`: it takes longer than
// the whole suite may (docs/operations.md § The container image). Say whether this machine could run it.
const imageBlocker = await imageCheckBlocker();
const imageCheck = imageBlocker ? `not possible here: ${imageBlocker}` : 'possible here';
console.log(`\nContainer image: not built by npm test; run \`npm run check-image\` (${imageCheck}).`);

const checks = await checksDone;
const total = [counts(unitAndComponents), counts(server), counts(e2e)].reduce((a, b) => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
}));
const failedChecks = checks.filter((ok) => !ok).length;
console.log(
  `\nChecks: ${checks.length - failedChecks} of ${checks.length} passed (type-check, lint, format, import cycles)`,
);
console.log(`${total.passed} passed, ${total.failed + failedChecks} failed`);
process.exit(total.failed + failedChecks === 0 ? 0 : 1);
