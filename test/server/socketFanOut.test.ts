import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { openPostgresRepositories } from '../../server/store/postgres/createPostgresStores';
import { addPostgresFanOut } from '../../server/store/postgres/postgresFanOut';
import { connectPostgres } from '../../server/store/postgres/PostgresConnection';
import { createTestPostgresDatabase, type TestPostgresDatabase } from './helpers/testPostgres';

/** One app instance's socket server, joined to its user's and session's rooms as attachSocketServer does. */
interface Instance {
  io: Server;
  url: string;
  close(): Promise<void>;
}

/** What the fan-outs reported (a lost connection) instead of crashing the process. */
const fanOutErrors: Error[] = [];

async function startInstance(databaseUrl: string): Promise<Instance> {
  const server = http.createServer();
  const io = new Server(server, { serveClient: false });
  // Reported, not thrown: the restart test ends the adapters' connections on purpose.
  const closeFanOut = addPostgresFanOut(io, databaseUrl, (error) => fanOutErrors.push(error));
  io.on('connection', (socket) => {
    void socket.join(['user:u1', 'session:s1']);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    io,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      io.disconnectSockets(true);
      io.engine.close();
      await closeFanOut();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Waits (up to 30 s) until instance `from` sees `count` sockets of the room across the cluster. An adapter
 * announces its instance (its first heartbeat) while its own LISTEN is still being set up, so the other
 * instance may count it and ask it a question it never hears: that request ends in the adapter's timeout
 * ("missing 1 responses"), which means "not yet", and is asked again.
 */
async function untilClusterSees(from: Instance, room: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const sockets = await from.io
      .in(room)
      .fetchSockets()
      .catch((error: unknown) => {
        if (error instanceof Error && error.message.startsWith('timeout reached')) return null;
        throw error;
      });
    if (sockets?.length === count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`instance never saw ${count} socket(s) in ${room}`);
}

describe('socket.io across two app instances on one PostgreSQL', () => {
  let database: TestPostgresDatabase;
  let a: Instance;
  let b: Instance;
  let client: Socket;

  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    // The repositories' migrations create the adapter's attachments table.
    await (await openPostgresRepositories(database.url)).close();
    [a, b] = await Promise.all([startInstance(database.url), startInstance(database.url)]);
    client = connect(b.url, { transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    await untilClusterSees(a, 'user:u1', 1);
  });
  afterAll(async () => {
    client?.close();
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  it('delivers an event caused on instance A to the user’s socket on instance B', async () => {
    const received = new Promise((resolve) => client.once('message', resolve));
    a.io.to('user:u1').emit('message', { type: 'usage-changed', data: { userId: 'u1' } });
    await expect(received).resolves.toEqual({ type: 'usage-changed', data: { userId: 'u1' } });
  });

  it('delivers a payload too large for a notification through the attachments table', async () => {
    const notification = { type: 'notification', data: { userId: 'u1', text: 'x'.repeat(20_000) } };
    const received = new Promise((resolve) => client.once('message', resolve));
    a.io.to('user:u1').emit('message', notification);
    await expect(received).resolves.toEqual(notification);
  });

  it('goes on delivering after the database ended every connection (a restart), without crashing', async () => {
    const admin = await connectPostgres(database.url);
    try {
      const ended = await admin.query(
        `SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      expect(ended.length).toBeGreaterThanOrEqual(2); // each instance's listening client, at least
    } finally {
      await admin.close();
    }
    // The adapters listen again after a reconnection delay (1–3 s): emit until an event gets through.
    let delivered = false;
    client.on('message', () => (delivered = true));
    for (let attempt = 0; attempt < 50 && !delivered; attempt += 1) {
      a.io.to('user:u1').emit('message', { type: 'usage-changed', data: { userId: 'u1' } });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    client.off('message');
    expect(delivered).toBe(true);
    expect(fanOutErrors.map((error) => error.message)).toContain(
      'terminating connection due to administrator command',
    );
  });

  it('disconnects on instance B the sockets of a session revoked on instance A', async () => {
    const disconnected = new Promise((resolve) => client.once('disconnect', resolve));
    a.io.in('session:s1').disconnectSockets(true);
    await expect(disconnected).resolves.toBe('io server disconnect');
  });
});

/** Waits until some session of the database LISTENs (the adapter's client), then ends every other session. */
async function terminateOtherBackendsWhenListening(databaseUrl: string): Promise<void> {
  const admin = await connectPostgres(databaseUrl);
  try {
    const listening = () =>
      admin.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
      );
    while ((await listening()).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await admin.query(
      `SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
  } finally {
    await admin.close();
  }
}

describe('closing the PostgreSQL fan-out', () => {
  let database: TestPostgresDatabase;

  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    await (await openPostgresRepositories(database.url)).close();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('ends while the adapter is still connecting its listening client (no pool left waiting for it)', async () => {
    const io = new Server({ serveClient: false });
    const close = addPostgresFanOut(io, database.url, (error) => fanOutErrors.push(error));
    // The adapter starts connecting at once: closing now lands while its client is being connected.
    await expect(close()).resolves.toBeUndefined();
  });

  it('ends while the adapter connects again after the database ended its connection', async () => {
    const io = new Server({ serveClient: false });
    const errors: Error[] = [];
    const close = addPostgresFanOut(io, database.url, (error) => errors.push(error));
    await terminateOtherBackendsWhenListening(database.url);
    // The 'end' of the listening client schedules a reconnection: close while it is pending or under way.
    while (errors.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(close()).resolves.toBeUndefined();
  });
});
