// `npm test`: type-check, lint (with import-x/no-cycle), format, folder-level import cycles, then every test layer — unit, component, server, and end to end in Debian's
// Chromium against the real server. Installs Chromium, PostgreSQL and PostGIS when they are missing (as root), never
// skips the browser or PostgreSQL tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { imageCheckBlocker } from './imageCheckPreflight.mjs';

const CHROMIUM = '/usr/bin/chromium';

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

function run(label, command, args) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  console.log(`${label}: ${seconds(started)} (load average ${os.loadavg()[0].toFixed(1)})`);
  return result.status === 0;
}

/**
 * Runs one check in the background, its output held back and printed whole when it ends (so the checks, which
 * are independent and single-threaded, can run side by side without interleaving their messages).
 */
function check(label, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => {
      console.log(`\n▶ ${label}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(started)}`);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve(status === 0);
    });
  });
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
  { what: 'Chromium', packages: ['chromium'], present: () => fs.existsSync(CHROMIUM) },
  // The repository contract tests start a throwaway PostgreSQL/PostGIS cluster (test/server/globalSetup.ts).
  { what: 'PostgreSQL with PostGIS', packages: ['postgresql', 'postgis'], present: hasPostgresWithPostgis },
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
  // The QGIS test loads both connections of the QGIS guide in headless QGIS with PyQGIS (test/server/ogc).
  {
    what: 'QGIS with PyQGIS',
    packages: ['qgis', 'python3-qgis'],
    present: () => spawnSync('/usr/bin/python3', ['-c', 'import qgis.core']).status === 0,
  },
];

/** Runs a command with its output shown, resolving to whether it succeeded. */
function runAsync(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('close', (status) => resolve(status === 0));
    child.on('error', () => resolve(false));
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
  const command = `apt-get install -y ${packages.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) {
    console.error(`Missing for the tests: ${what}. Install with \`sudo ${command}\`.`);
    process.exit(1);
  }
  return { packages, what, command };
}

/**
 * Installs the missing packages in one `apt-get` transaction (one index update, one download). Asynchronous:
 * on a fresh machine the checks (CPU) run while apt downloads and unpacks (network and disk).
 */
async function installPackages({ packages, what, command }) {
  const started = Date.now();
  console.log(`Missing for the tests: ${what}. Installing Debian's packages (${command})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const installed =
    (await runAsync('apt-get', ['update', '-qq'], env)) &&
    (await runAsync('apt-get', ['install', '-y', '-qq', ...packages], env));
  const stillMissing = NEEDED_PACKAGES.filter((entry) => !entry.present()).map((entry) => entry.what);
  if (!installed || stillMissing.length > 0) {
    console.error(`Installing ${stillMissing.join(', ') || what} failed: run \`${command}\` and try again.`);
    return false;
  }
  console.log(`\nDebian packages installed: ${seconds(started)}`);
  return true;
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
// tsc, eslint, prettier and the folder-cycle check each use one core: side by side they take as long as the slowest.
const checksStarted = Date.now();
console.log('\n▶ Checks side by side: type-check, lint, format, folder cycles');
const [checks, packagesInstalled] = await Promise.all([
  Promise.all([
    check('Type-check (tsc --noEmit)', [
      'node_modules/typescript/bin/tsc',
      '--noEmit',
      '-p',
      'tsconfig.json',
    ]),
    check('Lint (eslint)', ['node_modules/eslint/bin/eslint.js', '.']),
    check('Format (prettier --check)', [
      'node_modules/prettier/bin/prettier.cjs',
      '--check',
      '.',
      '--log-level',
      'warn',
    ]),
    check('Import cycles between folders', ['scripts/checkFolderCycles.mjs']),
  ]),
  missingPackages ? installPackages(missingPackages) : true,
]);
console.log(`Checks: ${seconds(checksStarted)} (load average ${os.loadavg()[0].toFixed(1)})`);
if (!packagesInstalled) process.exit(1);
const fast = path.join(results, 'fast.json');
const e2e = path.join(results, 'e2e.json');
jest(
  'Unit, component and server tests (jest)',
  ['--selectProjects', 'unit', 'components', 'server', '--maxWorkers=2'],
  fast,
);
// Two workers, each with a server of its own (test/e2e/globalSetup.ts, ADR 066): a browser test waits on the
// browser and the server much of the time, so one file at a time leaves a core idle. E2E_WORKERS=1 runs in band.
const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
jest(
  `End-to-end tests (jest + playwright-core + Chromium, ${e2eWorkers} worker${e2eWorkers === 1 ? '' : 's'})`,
  ['--selectProjects', 'e2e', e2eWorkers === 1 ? '--runInBand' : `--maxWorkers=${e2eWorkers}`],
  e2e,
);

// The container image is built and started by a step of its own, `npm run check-image`: it takes longer than
// the whole suite may (docs/operations.md § The container image). Say whether this machine could run it.
const imageBlocker = await imageCheckBlocker();
const imageCheck = imageBlocker ? `not possible here: ${imageBlocker}` : 'possible here';
console.log(`\nContainer image: not built by npm test; run \`npm run check-image\` (${imageCheck}).`);

const total = [counts(fast), counts(e2e)].reduce((a, b) => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
}));
const failedChecks = checks.filter((ok) => !ok).length;
console.log(
  `\nChecks: ${checks.length - failedChecks} of ${checks.length} passed (type-check, lint, format, folder cycles)`,
);
console.log(`${total.passed} passed, ${total.failed + failedChecks} failed`);
process.exit(total.failed + failedChecks === 0 ? 0 : 1);
