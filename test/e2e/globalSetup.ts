import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { SMTPServer } from 'smtp-server';
import {
  CHROMIUM_BROWSER,
  CHROMIUM_HEADLESS_SHELL,
  E2E_STATE_ENV,
  TEST_PASSWORD_COST,
  type E2eRun,
  type E2eShared,
  type E2eState,
} from './e2eState';
import { DATABASE_FILE_NAME } from '../../server/store/sqlite/openDatabase';
import { freePort } from '../server/helpers/freePort';
import { ensureServerBuilt, SERVER_MAIN } from '../../scripts/buildServer.mjs';
import { startFixtureTileServer } from './fixtureTileServer';
import { buildWebAppAndDataset, copyDatabase, E2E_CANTONS } from './webAppAndDataset';

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
 * counts that server's requests). Its database is a copy of the kept e2e dataset `datasetFrom`.
 */
async function startServer(
  root: string,
  index: number,
  mail: { port: number; mailDir: string },
  datasetFrom: string,
): Promise<StartedServer> {
  const dataDir = path.join(root, `data-${index}`);
  fs.mkdirSync(dataDir, { recursive: true });
  // A consistent, compact copy: the dataset and its migrations, no accounts yet.
  copyDatabase(datasetFrom, path.join(dataDir, DATABASE_FILE_NAME));
  // The terrain and satellite layers' outside services are not reachable here: local fixture tiles.
  const fixtureTiles = await startFixtureTileServer();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  // Passwords hash at argon2's cheapest in the test server (TEST_PASSWORD_COST, e2eState.ts); production's cost
  // is proven by test/unit/passwordHashCost.test.ts.
  const server = spawn(process.execPath, [...TEST_PASSWORD_COST, SERVER_MAIN], {
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
  const missingBuilds = [CHROMIUM_HEADLESS_SHELL, CHROMIUM_BROWSER].filter((build) => !fs.existsSync(build));
  if (missingBuilds.length > 0) {
    throw new Error(
      `Chromium is missing (${missingBuilds.join(', ')}): run \`apt-get install -y chromium chromium-headless-shell\` (npm test does this when run as root).`,
    );
  }
  const started = Date.now();
  // What the set-up cost, printed at its end: it is part of the e2e step's time in CI.
  const phases: string[] = [];
  const phaseDone = (label: string, since: number) =>
    phases.push(`${label} ${((Date.now() - since) / 1000).toFixed(1)} s`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-e2e-'));
  // Ready already when `npm test` built them beside the server tests (ADR 078).
  const dataset = await buildWebAppAndDataset();
  await ensureServerBuilt();
  phaseDone('web app, dataset and server', started);

  const mailDir = path.join(root, 'mail');
  fs.mkdirSync(mailDir);
  // One receiver for all servers: every test waits for mail to an address of its own (waitForMail).
  const mail = await startMailReceiver(mailDir);
  const workers = Math.max(1, globalConfig.maxWorkers);
  const serversSince = Date.now();
  // Every server from the kept dataset at once, each with its users command process once it answers: a start is
  // mostly one core's module loading, so two side by side take little longer than one.
  const serversStarted = await Promise.all(
    Array.from({ length: workers }, async (_, offset) => {
      const server = await startServer(root, offset + 1, { port: mail.port, mailDir }, dataset);
      return { server, usersCommand: await startUsersCommandServer(server.environment) };
    }),
  );
  const servers = serversStarted.map((entry) => entry.server);
  const commandServers = serversStarted.map((entry) => entry.usersCommand);
  phaseDone(`${workers} servers and users command processes`, serversSince);

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
