import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import Database from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { E2E_STATE_ENV, TEST_PASSWORD_COST, type E2eRun, type E2eShared, type E2eState } from './e2eState';
import { DATABASE_FILE_NAME } from '../../server/store/sqlite/openDatabase';
import { freePort } from '../server/helpers/freePort';
import { startFixtureTileServer } from './fixtureTileServer';

const CHROMIUM = '/usr/bin/chromium';

/** The cantons of the e2e dataset (Ticino too: the cadastral-plan screenshots look at Lugano's centre). */
const E2E_CANTONS = 'ZG,TI';

/**
 * What the first server's database holds after its first start depends on: the server (the dataset generator,
 * the SQLite store and its migrations, the configuration), the contract and translations the generator
 * imports, the packages, and the cantons. The whole server, not only server/data: a missed input would hand
 * a test an outdated dataset, a needless build only costs time.
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
 * Where a copy of the e2e dataset made from exactly these inputs is kept between runs on this machine: a hash
 * of the inputs' contents (not their times, which a checkout resets) names it. A clean checkout has none and
 * builds it, as CI does; a local re-run with an unchanged server starts from the copy.
 */
function cachedDatasetFile(): string {
  const hash = crypto.createHash('sha256').update(E2E_CANTONS);
  for (const file of DATASET_INPUTS.flatMap(filesUnder)) hash.update(file).update(fs.readFileSync(file));
  return path.resolve(
    'node_modules',
    '.cache',
    'parcel-atlas-e2e',
    `dataset-${hash.digest('hex').slice(0, 16)}.sqlite`,
  );
}

/** Keeps a consistent copy of the first server's fresh database (dataset, migrations, no accounts) as the cache. */
function saveDatasetCache(database: string, cached: string): void {
  const dir = path.dirname(cached);
  fs.mkdirSync(dir, { recursive: true });
  // Only the current inputs' copy is kept: each is a few hundred megabytes.
  for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name), { force: true });
  const partial = `${cached}.partial`;
  const source = new Database(database, { readonly: true });
  try {
    source.prepare('VACUUM INTO ?').run(partial);
  } finally {
    source.close();
  }
  fs.renameSync(partial, cached);
}

/** A real SMTP receiver: every accepted message lands in mailDir as N.eml. */
async function startMailReceiver(mailDir: string): Promise<{ server: SMTPServer; port: number }> {
  const port = await freePort();
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        fs.writeFileSync(path.join(mailDir, `${Date.now()}-${count}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port };
}

async function waitForHealth(
  baseUrl: string,
  server: ReturnType<typeof spawn>,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not become healthy:\n${log()}`);
}

/**
 * Runs `node <args>` and resolves when it ends; its output is shown (`show`) or kept and thrown with the error.
 * Asynchronous, so that two builds can run side by side.
 */
function runNode(args: string[], { env = process.env, show = false } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env,
      stdio: ['ignore', show ? 'inherit' : 'pipe', 'pipe'],
    });
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
 * The web app and, unless a cached copy exists, the e2e dataset, built side by side (`dataset`: the first
 * server's database file, where `npm run dataset` writes what the server would otherwise build on its first
 * start). Each alone leaves a core idle much of the time: the web build waits on its single-threaded steps, the
 * dataset build on its serial finish.
 */
async function buildWebAppAndDataset(dataset: string | null): Promise<void> {
  await Promise.all([
    runNode(['scripts/ensureBuild.mjs'], { show: true }),
    dataset
      ? runNode(['--import', 'tsx', 'scripts/build-dataset.ts', '--cantons', E2E_CANTONS, '--out', dataset], {
          env: { ...process.env, LOG_LEVEL: 'warn' },
        })
      : Promise.resolve(),
  ]);
}

interface StartedServer {
  environment: Omit<E2eState, 'usersUrl'>;
  server: ChildProcess;
  closeFixtureTiles: () => Promise<void>;
}

/** The server's environment as the users CLI sees it: its data directory, public URL and SMTP receiver. */
function cliEnvironment(environment: StartedServer['environment']): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: environment.dataDir,
    PUBLIC_URL: environment.baseUrl,
    SMTP_URL: environment.smtpUrl,
    LOG_LEVEL: 'silent',
  };
}

/**
 * Starts the users CLI's commands for one server in a process of their own (usersCommandServer.ts) and resolves
 * with its URL once it listens: one module load per server instead of one per account made.
 */
function startUsersCommandServer(
  environment: StartedServer['environment'],
): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [...TEST_PASSWORD_COST, '--import', 'tsx', 'test/e2e/usersCommandServer.ts'],
    { env: cliEnvironment(environment), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /\{"port":(\d+)\}/.exec(output);
      if (ready) resolve({ url: `http://127.0.0.1:${ready[1]}`, process: child });
    });
    child.once('exit', (code) =>
      reject(new Error(`The users command server exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

/**
 * One real server on its own data directory and port, with its own fixture tile server (the layers test
 * counts that server's requests). Its dataset is either in its data directory already (the first server's,
 * built beside the web app) or copied in from `datasetFrom` (the cached dataset, or the first server's for the
 * others): at most one build per run.
 */
async function startServer(
  root: string,
  index: number,
  mail: { port: number; mailDir: string },
  datasetFrom?: string,
): Promise<StartedServer> {
  const dataDir = path.join(root, `data-${index}`);
  fs.mkdirSync(dataDir, { recursive: true });
  if (datasetFrom) {
    // A consistent copy (the first server may be running, WAL): the dataset, the migrations, no accounts yet.
    const source = new Database(datasetFrom, { readonly: true });
    try {
      source.prepare('VACUUM INTO ?').run(path.join(dataDir, DATABASE_FILE_NAME));
    } finally {
      source.close();
    }
  }
  // The terrain and satellite layers' outside services are not reachable here: local fixture tiles.
  const fixtureTiles = await startFixtureTileServer();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  // Passwords hash at argon2's cheapest in the test server (TEST_PASSWORD_COST, e2eState.ts); production's cost
  // is proven by test/unit/passwordHashCost.test.ts.
  const server = spawn(process.execPath, [...TEST_PASSWORD_COST, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      // WebAuthn takes no IP address as its relying party: the passkey test opens the app on localhost.
      PASSKEY_ORIGIN: `http://localhost:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      DATASET_CANTONS: E2E_CANTONS,
      LOG_LEVEL: 'warn',
      // The plans tests pay with the built-in test checkout (it is an explicit choice, never a default).
      PAYMENT_PROVIDER: 'test',
      TERRAIN_TILES_URL: `${fixtureTiles.url}/terrain/{z}/{x}/{y}.png`,
      SATELLITE_TILES_URL: `${fixtureTiles.url}/satellite/{z}/{x}/{y}.png`,
      // The notifications test's local HTTPS push receiver (a stand-in for a browser vendor's push service,
      // which is unreachable here) has a self-signed certificate: the server trusts it, and only it, on top.
      NODE_EXTRA_CA_CERTS: path.resolve('test/server/fixtures/push-receiver-cert.pem'),
      // … and is allowed as a push service on loopback explicitly (by default only the browsers' own push
      // services, on public addresses, are).
      PUSH_SERVICE_HOSTS: '127.0.0.1',
      PUSH_ALLOWED_ADDRESSES: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(baseUrl, server, () => output.slice(-4000));
  return {
    environment: {
      baseUrl,
      dataDir,
      mailDir: mail.mailDir,
      smtpUrl: `smtp://127.0.0.1:${mail.port}`,
      serverPid: server.pid ?? 0,
      fixtureTilesUrl: fixtureTiles.url,
    },
    server,
    closeFixtureTiles: fixtureTiles.close,
  };
}

/**
 * Builds the app if stale, starts a real SMTP receiver and one real server per jest worker (`maxWorkers`;
 * one in band), each on a fresh data directory of its own.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      'Chromium is missing: run `apt-get install -y chromium` (npm test does this when run as root).',
    );
  }
  const started = Date.now();
  // What the set-up cost, printed at its end: it is part of the e2e step's time in CI.
  const phases: string[] = [];
  const phaseDone = (label: string, since: number) =>
    phases.push(`${label} ${((Date.now() - since) / 1000).toFixed(1)} s`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-e2e-'));
  const cached = cachedDatasetFile();
  const fromCache = fs.existsSync(cached);
  const firstDatabase = path.join(root, 'data-1', DATABASE_FILE_NAME);
  if (!fromCache) fs.mkdirSync(path.dirname(firstDatabase));
  await buildWebAppAndDataset(fromCache ? null : firstDatabase);
  phaseDone(fromCache ? 'web app build' : 'web app and dataset builds side by side', started);

  const mailDir = path.join(root, 'mail');
  fs.mkdirSync(mailDir);
  // One receiver for all servers: every test waits for mail to an address of its own (waitForMail).
  const mail = await startMailReceiver(mailDir);
  const workers = Math.max(1, globalConfig.maxWorkers);
  const serversSince = Date.now();
  const first = await startServer(root, 1, { port: mail.port, mailDir }, fromCache ? cached : undefined);
  if (!fromCache) saveDatasetCache(firstDatabase, cached);
  phaseDone(`first server, dataset ${fromCache ? 'copied from the cache' : 'cached'}`, serversSince);
  const servers = [first];
  // Each server's users command process loads while the next server starts.
  const usersCommands = [startUsersCommandServer(first.environment)];
  for (let index = 2; index <= workers; index += 1) {
    const next = await startServer(root, index, { port: mail.port, mailDir }, firstDatabase);
    servers.push(next);
    usersCommands.push(startUsersCommandServer(next.environment));
  }
  const commandServers = await Promise.all(usersCommands);
  phaseDone(`all ${workers} servers and users command processes`, serversSince);

  const run: E2eRun = {
    environments: servers.map((entry, index) => ({
      ...entry.environment,
      usersUrl: commandServers[index].url,
    })),
  };
  const stateFile = path.join(root, 'state.json');
  fs.writeFileSync(stateFile, JSON.stringify(run));
  process.env[E2E_STATE_ENV] = stateFile;
  const shared = globalThis as unknown as { __E2E__: E2eShared };
  shared.__E2E__ = {
    processes: [...commandServers.map((entry) => entry.process), ...servers.map((entry) => entry.server)],
    mail: mail.server,
    root,
    closeFixtureTiles: () =>
      Promise.all(servers.map((entry) => entry.closeFixtureTiles())).then(() => undefined),
  };
  console.log(
    `\nE2E set-up: ${phases.join(', ')}; ${((Date.now() - started) / 1000).toFixed(1)} s in all (load average ${os.loadavg()[0].toFixed(1)})`,
  );
}
