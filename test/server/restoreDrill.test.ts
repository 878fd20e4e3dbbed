/**
 * The restore drill, on both storage adapters: a write load runs (accounts, advanced searches counted
 * against the plan, uploaded files), `npm run backup` is taken in its middle by another process, the
 * backup is restored by `npm run restore` into a new DATA_DIR (and a new PostgreSQL database), and a server
 * on the restored data has every write acknowledged before the backup started — the original tokens still
 * work, since the signing secret came back too — passes its checks and answers /readyz.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import type { Database } from 'better-sqlite3';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { buildDatasetAsync } from '../../server/data/buildDataset';
import { DATABASE_FILE_NAME, openDatabase } from '../../server/store/sqlite/openDatabase';
import { connectPostgres } from '../../server/store/postgres/PostgresConnection';
import { createPostgresDatasetWriter } from '../../server/store/postgres/parcels/createPostgresDatasetWriter';
import { BackupError } from '../../server/operations/backup/BackupManifest';
import { restoreBackup } from '../../server/operations/backup/restoreBackup';
import type { SubscriptionResponse } from '../../src/contract/Subscription';
import { buildTestDataset, TEST_DATASET_OPTIONS } from './helpers/buildTestDataset';
import { signIn, type SignedIn } from './helpers/createTestApp';
import { testStorage } from './helpers/createTestApp';
import { freePort } from './helpers/freePort';
import { JPEG_HEADER, multipartBody } from './helpers/multipart';
import { createTestPostgresDatabase, type TestPostgresDatabase } from './helpers/testPostgres';

interface Installation {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/** A server over DATA_DIR (its SQLite file, or DATABASE_URL), as main.ts composes it. */
async function startServer(dataDir: string, databaseUrl: string | null): Promise<Installation> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://atlas.test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const db = openDatabase(databaseUrl ? ':memory:' : path.join(dataDir, DATABASE_FILE_NAME));
  const app = await buildApp({ config, storage: await testStorage(config, db) });
  return {
    app,
    db,
    async close() {
      await app.close();
      db.close();
    },
  };
}

/** Runs an npm script's TypeScript entry as its own process (as an operator would); resolves its outcome. */
function runScript(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, file], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The writes the load got an answer for, in order. */
interface Acknowledged {
  user: SignedIn;
  searches: number;
  upload: { id: string; content: Buffer } | null;
}

/**
 * Writers in parallel, each round: a new account, two distinct advanced searches (counted against its
 * trial plan), one uploaded file of its own content. A write counts once its answer arrived.
 */
function startWriteLoad(app: FastifyInstance, writers: number) {
  const acknowledged: Acknowledged[] = [];
  let stopping = false;
  const round = async (writer: number, n: number) => {
    const user = await signIn(app);
    const entry: Acknowledged = { user, searches: 0, upload: null };
    acknowledged.push(entry);
    for (let i = 0; i < 2; i += 1) {
      const res = await app.inject({
        url: `/v1/secure/maps/advance-search?searchQuery=drill${writer}x${n}x${i}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
      entry.searches += 1;
    }
    const content = Buffer.concat([JPEG_HEADER, crypto.randomBytes(24)]);
    const body = multipartBody([{ field: 'file', filename: 'site.jpg', content }]);
    const res = await app.inject({
      method: 'POST',
      url: '/v1/secure/file-items/avatar/upload',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    entry.upload = { id: (res.json() as { id: string }).id, content };
  };
  const loops = Array.from({ length: writers }, async (_, writer) => {
    for (let n = 0; !stopping; n += 1) await round(writer, n);
  });
  return {
    /** A copy of what was acknowledged so far (rounds still running keep only their finished writes). */
    snapshot: () =>
      acknowledged.map((entry) => ({ ...entry, upload: entry.upload ? { ...entry.upload } : null })),
    count: () => acknowledged.length,
    async stop() {
      stopping = true;
      await Promise.all(loops);
    },
  };
}

async function waitFor(condition: () => boolean) {
  for (let i = 0; i < 400 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
}

/** Every acknowledged write, asked of the restored server with the original tokens. */
async function expectAllPresent(app: FastifyInstance, writes: Acknowledged[]) {
  for (const write of writes) {
    const subscription = await app.inject({ url: '/v1/secure/subscriptions', headers: write.user.headers });
    expect(subscription.statusCode).toBe(200);
    const usage = subscription.json<SubscriptionResponse>().subscription!.usage;
    expect(usage.advance_search).toBeGreaterThanOrEqual(write.searches);
    if (write.upload) {
      const file = await app.inject({
        url: `/v1/secure/file-items/${write.upload.id}`,
        headers: write.user.headers,
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(write.upload.content)).toBe(true);
    }
  }
}

const tempDir = (label: string) => fs.mkdtempSync(path.join(os.tmpdir(), `parcel-atlas-drill-${label}-`));

describe.each(['sqlite', 'postgres'] as const)('restore drill on %s', (adapter) => {
  const dirs: string[] = [];
  const databases: TestPostgresDatabase[] = [];
  let source: Installation;
  let sourceDir: string;
  let sourceUrl: string | null = null;

  beforeAll(async () => {
    sourceDir = tempDir('source');
    dirs.push(sourceDir);
    if (adapter === 'postgres') {
      const database = await createTestPostgresDatabase();
      databases.push(database);
      sourceUrl = database.url;
      const writing = await connectPostgres(database.url);
      try {
        source = await startServer(sourceDir, sourceUrl);
        await buildDatasetAsync(createPostgresDatasetWriter(writing), TEST_DATASET_OPTIONS);
      } finally {
        await writing.close();
      }
    } else {
      openDatabase(path.join(sourceDir, DATABASE_FILE_NAME)).close();
      source = await startServer(sourceDir, null);
      buildTestDataset(source.db);
    }
  }, 120_000);
  afterAll(async () => {
    await source?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    for (const database of databases) await database.drop();
  });

  it('keeps every write acknowledged before the backup, restores into a new place, and the restored server answers', async () => {
    const load = startWriteLoad(source.app, 2);
    await waitFor(() => load.count() >= 6);
    const beforeBackup = load.snapshot().filter((write) => write.upload !== null);
    const backupFile = path.join(tempDir('backup'), 'atlas.tar.gz');
    dirs.push(path.dirname(backupFile));
    const storage = { DATA_DIR: sourceDir, ...(sourceUrl ? { DATABASE_URL: sourceUrl } : {}) };
    const backup = await runScript('backup', backupFile, storage);
    const duringBackup = load.count();
    await load.stop();
    expect(backup.output).toMatch(new RegExp(`^Backup written to .*: ${adapter} database`));
    expect(backup.code).toBe(0);
    expect(beforeBackup.length).toBeGreaterThanOrEqual(3);
    // The load really ran while the backup was taken.
    expect(duringBackup).toBeGreaterThan(beforeBackup.length);

    // Over a running server: refused, nothing written.
    await source.app.listen({ port: 0, host: '127.0.0.1' });
    const livePort = (source.app.server.address() as { port: number }).port;
    const overLive = tempDir('live');
    dirs.push(overLive);
    const refused = await runScript('restore', backupFile, {
      DATA_DIR: overLive,
      PORT: String(livePort),
      ...(sourceUrl ? { DATABASE_URL: sourceUrl } : {}),
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/A server answers at http:\/\/127\.0\.0\.1:\d+: stop it before restoring/);
    expect(fs.readdirSync(overLive)).toEqual([]);

    // Into a new, empty place.
    const restoredDir = path.join(tempDir('restored'), 'data');
    dirs.push(path.dirname(restoredDir));
    let restoredUrl: string | null = null;
    if (adapter === 'postgres') {
      const database = await createTestPostgresDatabase();
      databases.push(database);
      restoredUrl = database.url;
    }
    const restored = await runScript('restore', backupFile, {
      DATA_DIR: restoredDir,
      PORT: String(await freePort()),
      ...(restoredUrl ? { DATABASE_URL: restoredUrl } : {}),
    });
    expect(restored.output).toMatch(/^Restored the backup of /);
    expect(restored.code).toBe(0);
    for (const secret of ['jwt-secret', 'vapid-keys.json'])
      expect(fs.readFileSync(path.join(restoredDir, secret))).toEqual(
        fs.readFileSync(path.join(sourceDir, secret)),
      );

    // Not again over what is there now.
    await expect(
      restoreBackup({
        file: backupFile,
        dataDir: restoredDir,
        databaseUrl: restoredUrl,
        serverUrl: `http://127.0.0.1:${await freePort()}`,
      }),
    ).rejects.toThrow(/is not empty/);

    const copy = await startServer(restoredDir, restoredUrl);
    try {
      if (adapter === 'sqlite') expect(copy.db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect((await copy.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' });
      await expectAllPresent(copy.app, beforeBackup);
      const search = await copy.app.inject({
        url: '/v1/secure/maps/search?searchQuery=baar',
        headers: beforeBackup[0].user.headers,
      });
      expect(search.statusCode).toBe(200);
    } finally {
      await copy.close();
    }
  }, 180_000);

  it('refuses a damaged backup', async () => {
    const backupFile = path.join(tempDir('damaged'), 'atlas.tar.gz');
    dirs.push(path.dirname(backupFile));
    const storage = { DATA_DIR: sourceDir, ...(sourceUrl ? { DATABASE_URL: sourceUrl } : {}) };
    expect((await runScript('backup', backupFile, storage)).code).toBe(0);
    const bytes = fs.readFileSync(backupFile);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    fs.writeFileSync(backupFile, bytes);
    const target = tempDir('target');
    dirs.push(target);
    await expect(
      restoreBackup({
        file: backupFile,
        dataDir: target,
        databaseUrl: null,
        serverUrl: `http://127.0.0.1:${await freePort()}`,
      }),
    ).rejects.toThrow(BackupError);
    expect(fs.readdirSync(target)).toEqual([]);
  }, 60_000);
});
