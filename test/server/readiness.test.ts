/**
 * /readyz apart from /healthz: 503 with its reasons while the database cannot be reached (a real
 * PostgreSQL cluster stopped and started again), migrations are pending, a dataset build is writing, DATA_DIR
 * is short of space or the mail transport cannot be verified; 200 once the cause is gone. /healthz stays 200.
 */
import fs from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { buildFileOf } from '../../server/store/sqlite/sqliteStorageHealth';
import { createTestApp, type TestApp } from './helpers/createTestApp';
import { freePort } from './helpers/freePort';
import { startPostgresCluster, type PostgresCluster } from './helpers/postgresCluster';
import { connectPostgres } from '../../server/store/postgres/PostgresConnection';
import { DATASET_BUILD_LOCK } from '../../server/store/postgres/parcels/createPostgresDatasetWriter';

async function readiness(t: TestApp) {
  const res = await t.app.inject({ url: '/readyz' });
  const body = res.json() as { status: string; reasons?: string[] };
  return { status: res.statusCode, body, retryAfter: res.headers['retry-after'] };
}

/** Asks until the answer has `status` (a reconnection takes a moment), at most ~10 s. */
async function readinessBecomes(t: TestApp, status: number) {
  let last = await readiness(t);
  for (let attempt = 0; attempt < 40 && last.status !== status; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = await readiness(t);
  }
  return last;
}

const healthy = async (t: TestApp) => (await t.app.inject({ url: '/healthz' })).statusCode;

describe('readiness on SQLite', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('is ready on a fresh install (outbox mails, room on the disk, every migration applied)', async () => {
    t = await createTestApp();
    expect(await readiness(t)).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('goes 503 "shutting down" once a graceful stop drains, while it still serves and ends each connection', async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const draining = t.app.ctx.operations.drain.begin(0, {
      stopListening: () => undefined,
      connectionsOpen: async () => 0,
    });
    await draining;
    expect(await readiness(t)).toMatchObject({ status: 503, body: { reasons: ['shutting down'] } });
    const served = await fetch(`${url}/healthz`);
    expect(served.status).toBe(200);
    expect(served.headers.get('connection')).toBe('close');
    await served.text();
  });

  it('names pending migrations and a dataset build under way, and is ready again when they are done', async () => {
    t = await createTestApp();
    const latest = t.db.prepare('SELECT * FROM schema_migrations ORDER BY version DESC LIMIT 1').get() as {
      version: number;
      name: string;
      applied_at: string;
    };
    t.db.prepare('DELETE FROM schema_migrations WHERE version = ?').run(latest.version);
    const building = buildFileOf(t.db.name);
    fs.writeFileSync(building, '');

    const refused = await readiness(t);
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('10');
    expect(refused.body).toMatchObject({
      status: 'not ready',
      reasons: [`migrations pending: ${latest.version}`, 'dataset being built'],
    });
    expect(await healthy(t)).toBe(200);

    t.db
      .prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
      .run(latest.version, latest.name, latest.applied_at);
    fs.rmSync(building);
    expect((await readiness(t)).status).toBe(200);
  });

  it('says the disk is full when DATA_DIR has less free space than MIN_FREE_DISK_MB', async () => {
    t = await createTestApp({ MIN_FREE_DISK_MB: '1000000' });
    const refused = await readiness(t);
    expect(refused.status).toBe(503);
    expect(refused.body.reasons).toEqual([
      expect.stringMatching(
        /^disk full: \d+ MB free in DATA_DIR, less than 1000000 MB \(MIN_FREE_DISK_MB\)$/,
      ),
    ]);
  });

  it('is not ready while the SMTP server cannot be reached, and ready once it answers', async () => {
    const port = await freePort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const refused = await readiness(t);
    expect(refused.status).toBe(503);
    expect(refused.body.reasons).toEqual([
      expect.stringMatching(/^mail transport cannot be verified: .*ECONNREFUSED/),
    ]);

    const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    try {
      expect(await readiness(t)).toMatchObject({ status: 200, body: { status: 'ok' } });
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('readiness on PostgreSQL', () => {
  let cluster: PostgresCluster;
  let t: TestApp;
  beforeAll(async () => {
    cluster = startPostgresCluster(await freePort());
    t = await createTestApp({ DATABASE_URL: `${cluster.url('postgres')}?connect_timeout=2` });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    cluster?.stop();
  });

  it('is not ready while a dataset build (another process) holds the build lock', async () => {
    const builder = await connectPostgres(cluster.url('postgres'));
    let finish: () => void = () => {};
    let locked: () => void = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const build = builder.transaction(async () => {
      await builder.query('SELECT pg_advisory_xact_lock($1)', [DATASET_BUILD_LOCK]);
      locked();
      await new Promise<void>((resolve) => (finish = resolve));
    });
    try {
      await lockTaken;
      expect(await readiness(t)).toMatchObject({
        status: 503,
        body: { status: 'not ready', reasons: ['dataset being built'] },
      });
    } finally {
      finish();
      await build;
      await builder.close();
    }
    expect((await readiness(t)).status).toBe(200);
  });

  it('goes 503 "database unreachable" while PostgreSQL is stopped and back to 200 when it runs again', async () => {
    expect(await readiness(t)).toMatchObject({ status: 200, body: { status: 'ok' } });

    cluster.halt();
    const down = await readinessBecomes(t, 503);
    expect(down.status).toBe(503);
    expect(down.body.status).toBe('not ready');
    expect(down.body.reasons).toEqual([expect.stringMatching(/^database unreachable: /)]);
    expect(await healthy(t)).toBe(200);

    cluster.resume();
    expect(await readinessBecomes(t, 200)).toMatchObject({ status: 200, body: { status: 'ok' } });
  }, 60_000);
});
