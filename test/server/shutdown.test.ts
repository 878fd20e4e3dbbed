/**
 * SIGTERM with a websocket open finishes in-flight requests, closes the sockets and exits 0, not through
 * the fail-safe with exit 1 (5 s after the signal with no drain), which is what happens when socket.io is
 * closed in onClose, after the HTTP server has waited for the upgraded connection. The exit code tells the
 * two apart, so no wall-clock bound is asserted: on a busy machine a good shutdown took 2.7 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { io as connect, type Socket } from 'socket.io-client';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { buildTestDataset } from './helpers/buildTestDataset';
import { freePort } from './helpers/freePort';
import { sqliteStorage } from '../../server/store/sqlite/openStorage';
import { seedMapUserToken, startServerProcess } from '../../scripts/serverProcess';

const JWT_SECRET = 'shutdown-test-secret-0123456789abcdefghij';

let dataDir: string;
let server: ChildProcess;
let output: () => string;
let baseUrl: string;
let token: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-shutdown-'));
  const db = openDatabase(path.join(dataDir, 'parcel-atlas.sqlite'));
  buildTestDataset(db);
  token = await seedMapUserToken(sqliteStorage(db), JWT_SECRET, 'sock@example.ch');
  db.close();
  const started = await startServerProcess(await freePort(), {
    DATA_DIR: dataDir,
    JWT_SECRET,
    LOG_LEVEL: process.env.SHUTDOWN_LOG ?? 'warn',
    PAYMENT_PROVIDER: 'test',
    // The drain before the close is the rolling-restart test's (rollingRestart.test.ts); here it is the
    // close itself that must be quick.
    SHUTDOWN_DRAIN_SECONDS: '0',
  });
  server = started.child;
  baseUrl = started.origin;
  output = started.output;
  // The first search starts the search threads: with it in flight, a shutdown at load 15 outlasted the fail-safe.
  const warmUp = await fetch(`${baseUrl}/v1/secure/maps/search?searchQuery=Baar`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(warmUp.status).toBe(200);
});

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('SIGTERM with an open websocket: the socket is closed, the in-flight request answered, exit 0 before the fail-safe', async () => {
    const socket: Socket = connect(baseUrl, {
      query: { token },
      transports: ['websocket'],
      reconnection: false,
      timeout: 5000,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

    // A request in flight when the signal arrives still gets its answer.
    const inFlight = fetch(`${baseUrl}/v1/secure/maps/search?searchQuery=Baar`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    server.kill('SIGTERM');

    // Longer than the fail-safe, so a hang shows as its exit 1 and message rather than as this timeout.
    const code = await Promise.race([
      exited,
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000)),
    ]);
    socket.close();
    expect({ code, output: code === 0 ? '' : output().slice(-2000) }).toEqual({ code: 0, output: '' });
    expect((await inFlight).status).toBe(200);
    // Not socket.io's "io server disconnect", after which a client stays closed: it reconnects by itself.
    await expect(disconnected).resolves.toBe('transport close');
  });
});
