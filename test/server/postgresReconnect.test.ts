import Fastify from 'fastify';
import { connectPostgres, type PostgresConnection } from '../../server/store/postgres/PostgresConnection';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  DatabaseUnavailableError,
} from '../../server/store/contract/DatabaseUnavailableError';
import { registerErrorHandling } from '../../server/http/registerErrorHandling';
import { translateReplies } from '../../server/http/translateReplies';
import { createServerTranslator } from '../../server/services/i18n/ServerTranslator';
import {
  createTestPostgresDatabase,
  testPostgresServer,
  type TestPostgresDatabase,
} from './helpers/testPostgres';

// ADR 051: a lost PostgreSQL connection (server restarted, backend terminated) fails the request in
// hand with 503 and is made again on the next use; a unit of work cut by the loss never looks committed.
let database: TestPostgresDatabase;
let admin: PostgresConnection;
let db: PostgresConnection;

const backendPid = async (connection: PostgresConnection) =>
  (await connection.one<{ pid: number }>('SELECT pg_backend_pid() AS pid'))?.pid;

/**
 * What an administrator (or a restart) does to the app's connection: ends its backend, waits until gone,
 * and lets the event loop read the end of the connection (the pool learns of it as an event).
 */
async function terminate(pid: number | undefined): Promise<void> {
  expect(await admin.one('SELECT pg_terminate_backend($1, 5000) AS ended', [pid ?? 0])).toEqual({
    ended: true,
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
}

/** The backends of the test's database other than the administrator's: the pool's and the listener's. */
const appBackends = async () =>
  (
    await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    )
  ).map((row) => row.pid);

/** Whether `channel` is notified within a second (delivery is asynchronous). */
async function notifiedSoon(channel: string): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (db.takeNotification(channel)) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

const names = async () =>
  (await db.query<{ name: string }>('SELECT name FROM things ORDER BY name')).map((r) => r.name);

beforeAll(async () => {
  database = await createTestPostgresDatabase();
  admin = await connectPostgres(database.url);
  await admin.exec('CREATE TABLE things (name TEXT PRIMARY KEY)');
});
beforeEach(async () => {
  await admin.exec('TRUNCATE things');
  db = await connectPostgres(database.url);
});
afterEach(() => db.close());
afterAll(async () => {
  await admin?.close();
  await database?.drop();
});

describe('a PostgreSQL connection that is lost', () => {
  it('is made again on the next use when it was lost while idle', async () => {
    const before = await backendPid(db);
    await terminate(before);

    expect(await db.one('SELECT 41 + 1 AS answer')).toEqual({ answer: 42 });
    expect(await backendPid(db)).not.toBe(before);
  });

  it('prepares its statements again on the new connection', async () => {
    const count = () => db.one<{ n: number }>('SELECT count(*) AS n FROM things WHERE name <> $1', ['x']);
    expect(await count()).toEqual({ n: 0 });
    await terminate(await backendPid(db));
    await db.run('INSERT INTO things (name) VALUES ($1)', ['a']);
    expect(await count()).toEqual({ n: 1 });
  });

  it('fails a unit of work cut by the loss and leaves nothing of it, then serves the next one', async () => {
    await expect(
      db.transaction(async () => {
        await db.run('INSERT INTO things (name) VALUES ($1)', ['half']);
        await terminate(await backendPid(db));
        await db.run('INSERT INTO things (name) VALUES ($1)', ['other half']);
      }),
    ).rejects.toThrow(DatabaseUnavailableError);

    expect(await names()).toEqual([]);
    await db.transaction(() => db.run('INSERT INTO things (name) VALUES ($1)', ['whole']));
    expect(await names()).toEqual(['whole']);
  });

  it('does not let a unit that caught the loss look committed, nor reconnect in its middle', async () => {
    let caught: unknown = null;
    let afterLoss: unknown = null;
    await expect(
      db.transaction(async () => {
        await db.run('INSERT INTO things (name) VALUES ($1)', ['first']);
        await terminate(await backendPid(db));
        try {
          await db.run('INSERT INTO things (name) VALUES ($1)', ['second']);
        } catch (error) {
          caught = error;
        }
        // Going on would write outside the (rolled back) transaction: refused as well.
        try {
          await db.transaction(() => db.run('INSERT INTO things (name) VALUES ($1)', ['third']));
        } catch (error) {
          afterLoss = error;
        }
      }),
    ).rejects.toThrow(DATABASE_UNAVAILABLE_MESSAGE);

    expect(caught).toBeInstanceOf(DatabaseUnavailableError);
    expect(afterLoss).toBeInstanceOf(DatabaseUnavailableError);
    expect(await names()).toEqual([]);
  });

  it('answers DatabaseUnavailableError while the database refuses connections, and recovers after', async () => {
    const name = database.url.split('/').pop() as string;
    const server = await connectPostgres(`${testPostgresServer()}/postgres`);
    await server.exec(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    try {
      await terminate(await backendPid(db));
      await expect(db.one('SELECT 1 AS one')).rejects.toThrow(DatabaseUnavailableError);
      await expect(db.transaction(() => db.one('SELECT 1 AS one'))).rejects.toThrow(
        DATABASE_UNAVAILABLE_MESSAGE,
      );
    } finally {
      await server.exec(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await server.close();
    }
    expect(await db.one('SELECT 1 AS one')).toEqual({ one: 1 });
  });

  it('listens again after a reconnect and reports the channel as notified (a notification may be lost)', async () => {
    await db.listen('dataset_changed');
    expect(db.takeNotification('dataset_changed')).toBe(false);

    await admin.exec("NOTIFY dataset_changed, 'v2'");
    expect(await notifiedSoon('dataset_changed')).toBe(true);
    expect(db.takeNotification('dataset_changed')).toBe(false);

    // The listening connection is one of the app's backends (not a pooled one): end them all.
    for (const pid of await appBackends()) await terminate(pid);
    expect(db.takeNotification('dataset_changed')).toBe(true);
    await admin.exec("NOTIFY dataset_changed, 'v3'");
    expect(await notifiedSoon('dataset_changed')).toBe(true);
  });
});

describe('a request while the database is unavailable', () => {
  it('is answered 503 with a clear, translated message and Retry-After', async () => {
    const app = Fastify();
    registerErrorHandling(app, '/nonexistent');
    translateReplies(app, createServerTranslator());
    app.get('/v1/secure/parcels', async () => {
      throw new DatabaseUnavailableError('Cannot connect to PostgreSQL: connection refused');
    });
    try {
      const english = await app.inject({ method: 'GET', url: '/v1/secure/parcels' });
      expect(english.statusCode).toBe(503);
      expect(english.headers['retry-after']).toBe('5');
      expect(english.json()).toEqual({
        error: true,
        message: 'The database is unavailable right now. Please try again in a moment.',
      });
      const german = await app.inject({
        method: 'GET',
        url: '/v1/secure/parcels',
        headers: { langcode: 'de' },
      });
      expect(german.json<{ message: string }>().message).toBe(
        'Die Datenbank ist im Moment nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
      );
    } finally {
      await app.close();
    }
  });
});
