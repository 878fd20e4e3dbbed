/**
 * What the browser tests need built before their servers start: the web app (dist/) and the e2e dataset, kept
 * as a file named by a hash of everything that decides its contents. globalSetup calls it; `npm test` also runs
 * it (`node --import tsx test/e2e/webAppAndDataset.ts`) beside the server tests, which leave part of a core idle
 * (ADR 078), so that the browser tests' set-up finds both ready.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import Database from 'better-sqlite3';

/** The canton of the e2e dataset: Zug, whole. */
export const E2E_CANTONS = 'ZG';

/**
 * Lugano (BFS 5192) besides: the cadastral-plan screenshots look at its centre. Only the municipality, as in a
 * build of all Ticino, whose other 202,000 parcels no browser test looks at: with them the dataset was six
 * times the parcels and took twice the CPU to build (ADR 087).
 */
export const E2E_EXTRA_MUNICIPALITIES = '5192';

/**
 * What the e2e dataset holds depends on: the server (the dataset generator, the SQLite store and its
 * migrations, the configuration), the contract and translations the generator imports, the packages, and the
 * cantons. The whole server, not only server/data: a missed input would hand a test an outdated dataset, a
 * needless build only costs time.
 */
const DATASET_INPUTS = ['server', 'src/contract', 'translations', 'package-lock.json'];

function filesUnder(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs
    .readdirSync(entry)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

/**
 * Where the e2e dataset made from exactly these inputs is kept: a hash of the inputs' contents (not their
 * times, which a checkout resets) names it. A clean checkout has none and builds it, as CI does; a local
 * re-run with an unchanged server starts from it.
 */
export function e2eDatasetFile(): string {
  const hash = crypto.createHash('sha256').update(`${E2E_CANTONS}+${E2E_EXTRA_MUNICIPALITIES}`);
  for (const file of DATASET_INPUTS.flatMap(filesUnder)) hash.update(file).update(fs.readFileSync(file));
  return path.resolve(
    'node_modules',
    '.cache',
    'parcel-atlas-e2e',
    `dataset-${hash.digest('hex').slice(0, 16)}.sqlite`,
  );
}

/**
 * A consistent copy of `database` at `target` (VACUUM INTO: safe while a server has it open in WAL mode, and
 * compact), written under a temporary name and renamed, so a copy cut short is never taken for a whole one.
 */
export function copyDatabase(database: string, target: string): void {
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  const source = new Database(database, { readonly: true });
  try {
    source.prepare('VACUUM INTO ?').run(partial);
  } finally {
    source.close();
  }
  fs.renameSync(partial, target);
}

/** Runs a Node script as a child process. Asynchronous, so that two builds can run side by side. */
function runNode(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`node ${args.join(' ')} failed (${code}):\n${output.slice(-4000)}`)),
    );
  });
}

/**
 * Builds the web app if stale and, unless it is kept already, the e2e dataset (`npm run dataset` into a file
 * beside the kept one, renamed to its hash once complete: a build cut short resumes there next time), side by
 * side: each alone leaves a core idle much of the time (the web build waits on its single-threaded steps, the
 * dataset build on its serial finish). Returns the dataset file.
 */
export async function buildWebAppAndDataset(): Promise<string> {
  const kept = e2eDatasetFile();
  const buildDataset = async () => {
    if (fs.existsSync(kept)) return;
    const dir = path.dirname(kept);
    const building = `${kept}.building`;
    fs.mkdirSync(dir, { recursive: true });
    // Only the current inputs' dataset is kept (each is a few hundred megabytes), and its build's files.
    for (const name of fs.readdirSync(dir))
      if (!name.startsWith(path.basename(building))) fs.rmSync(path.join(dir, name), { force: true });
    await runNode(
      [
        '--import',
        'tsx',
        'scripts/build-dataset.ts',
        '--cantons',
        E2E_CANTONS,
        '--municipalities',
        E2E_EXTRA_MUNICIPALITIES,
        '--out',
        building,
      ],
      {
        ...process.env,
        LOG_LEVEL: 'warn',
      },
    );
    fs.renameSync(building, kept);
  };
  await Promise.all([runNode(['scripts/ensureBuild.mjs']), buildDataset()]);
  return kept;
}

if (process.argv[1]?.endsWith(path.join('test', 'e2e', 'webAppAndDataset.ts'))) {
  buildWebAppAndDataset().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
