import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { SMTPServer } from 'smtp-server';
import { E2E_STATE_ENV, type E2eState } from './e2eState';
import { freePort } from '../server/helpers/freePort';
import { startFixtureTileServer } from './fixtureTileServer';

const CHROMIUM = '/usr/bin/chromium';

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

/** Builds the app if stale, starts a real SMTP receiver and the real server on a fresh data directory. */
export default async function globalSetup(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      'Chromium is missing: run `apt-get install -y chromium` (npm test does this when run as root).',
    );
  }
  const build = spawnSync(process.execPath, ['scripts/ensureBuild.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The web app build failed');

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-e2e-'));
  const dataDir = path.join(root, 'data');
  const mailDir = path.join(root, 'mail');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(mailDir);

  const mail = await startMailReceiver(mailDir);
  // The terrain and satellite layers' outside services are not reachable here: local fixture tiles.
  const fixtureTiles = await startFixtureTileServer();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      // WebAuthn takes no IP address as its relying party: the passkey test opens the app on localhost.
      PASSKEY_ORIGIN: `http://localhost:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      // Ticino too: the cadastral-plan screenshots look at Lugano's centre.
      DATASET_CANTONS: 'ZG,TI',
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

  const state: E2eState = {
    baseUrl,
    dataDir,
    mailDir,
    smtpUrl: `smtp://127.0.0.1:${mail.port}`,
    serverPid: server.pid ?? 0,
    fixtureTilesUrl: fixtureTiles.url,
  };
  const stateFile = path.join(root, 'state.json');
  fs.writeFileSync(stateFile, JSON.stringify(state));
  process.env[E2E_STATE_ENV] = stateFile;
  const shared = globalThis as unknown as {
    __E2E__: {
      server: typeof server;
      mail: SMTPServer;
      root: string;
      closeFixtureTiles: () => Promise<void>;
    };
  };
  shared.__E2E__ = { server, mail: mail.server, root, closeFixtureTiles: fixtureTiles.close };
}
