/**
 * Issue 10, item 7: SIGTERM with a websocket open finishes in-flight requests, closes the sockets and
 * exits 0 within 2 s (it used to wait the 10 s fail-safe and exit 1: socket.io was closed in onClose,
 * after the HTTP server waited for the upgraded connection).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { io as connect, type Socket } from 'socket.io-client';
import { openDatabase } from '../../server/store/openDatabase';
import { createSqliteStores } from '../../server/store/Stores';
import { createTokenService } from '../../server/services/tokens/TokenService';
import { buildTestDataset } from './helpers/buildTestDataset';
import { freePort } from './helpers/freePort';

const JWT_SECRET = 'shutdown-test-secret-0123456789abcdefghij';

let dataDir: string;
let server: ChildProcess;
let output = '';
let baseUrl: string;
let token: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-shutdown-'));
  const db = openDatabase(path.join(dataDir, 'parcel-atlas.sqlite'));
  buildTestDataset(db);
  const stores = createSqliteStores(db);
  const user = stores.users.create({
    username: 'sock@example.ch',
    email: 'sock@example.ch',
    name: 'Sock',
    passwordHash: null,
    status: 'active',
    roles: ['MAPUSER'],
  });
  const sid = stores.sessions.create(user.id, Date.now()).id;
  db.close();
  token = await createTokenService(JWT_SECRET, 3600).sign('main', {
    sub: user.id,
    username: user.username,
    roles: user.roles,
    sid,
  });
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET,
      LOG_LEVEL: process.env.SHUTDOWN_LOG ?? 'warn',
      PAYMENT_PROVIDER: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early: ${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 60_000);

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown (item 7)', () => {
  it('SIGTERM with an open websocket: the socket is closed, the in-flight request answered, exit 0 within 2 s', async () => {
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
    const sent = Date.now();
    server.kill('SIGTERM');

    const code = await Promise.race([
      exited,
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 4000)),
    ]);
    const took = Date.now() - sent;
    socket.close();
    expect({ code, output: code === 0 ? '' : output.slice(-2000) }).toEqual({ code: 0, output: '' });
    expect(took).toBeLessThan(2000);
    expect((await inFlight).status).toBe(200);
    await expect(disconnected).resolves.toEqual(expect.any(String));
  }, 20_000);
});
