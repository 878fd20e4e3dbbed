/**
 * Abuse benchmark: a signed-in user sends 5,000 tile requests whose STREET list grows
 * by one distinct value each time (up to the 400-value cap, then starting again with new values). Every
 * list given as SQL text would make a new statement kept forever; the list is one parameter and the
 * caches are bounded, so the resident set size must stay flat (within 50 MB). Then the
 * search latency alone and during a login flood of 16 clients (PASSWORD_HASH_CONCURRENCY caps argon2).
 *   npm run bench:abuse                 5,000 requests on a small Zug dataset in a temporary DATA_DIR
 *   npm run bench:abuse -- --requests N
 * Goes through the real HTTP stack (fastify inject: schema, token check, parser, repository, tiles).
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/store/sqlite/openDatabase';
import { sqliteStorage } from '../server/store/sqlite/openStorage';
import { buildDataset } from '../server/data/buildDataset';
import { createSqliteDatasetWriter } from '../server/store/sqlite/parcels/createSqliteDatasetWriter';
import { MAX_LIST_ITEMS } from '../src/contract/SearchParameters';

const LIMIT_MB = 50;

function requestCount(): number {
  const at = process.argv.indexOf('--requests');
  return at >= 0 ? Number(process.argv[at + 1]) : 5000;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

function sampleRss(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
}

function rss(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  process.stdout.write(
    `  rss ${mb(m.rss).toFixed(1)} MB: V8 heap ${mb(m.heapUsed).toFixed(1)} MB used of ${mb(m.heapTotal).toFixed(1)} MB, external ${mb(m.external).toFixed(1)} MB\n`,
  );
  return m.rss;
}

const percentile = (samples: number[], p: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * p))];

/** Search latency alone, then while 16 clients log in as fast as they can (argon2 each time). */
async function loginFlood(app: Awaited<ReturnType<typeof buildApp>>, headers: { authorization: string }) {
  await app.ctx.accounts.createUser({ username: 'flood@example.ch', password: 'Flood-Pass1!' });
  const search = async () => {
    const started = performance.now();
    await app.inject({ url: '/v1/secure/maps/search?searchQuery=Baar&a=1', headers });
    return performance.now() - started;
  };
  const alone: number[] = [];
  for (let i = 0; i < 200; i++) alone.push(await search());
  let logins = 0;
  let ip = 0;
  const deadline = performance.now() + 5000;
  const client = async () => {
    while (performance.now() < deadline) {
      await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: 'flood@example.ch', password: 'Flood-Pass1!' },
        headers: { 'x-forwarded-for': `198.51.${(++ip >> 8) & 255}.${ip & 255}` },
      });
      logins++;
    }
  };
  const started = performance.now();
  const clients = Promise.all(Array.from({ length: 16 }, client));
  const flooded: number[] = [];
  while (performance.now() < deadline) flooded.push(await search());
  await clients;
  const seconds = (performance.now() - started) / 1000;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return (
    `login flood (16 clients, ${app.ctx.config.passwordHashConcurrency} argon2 hash(es) at once): ` +
    `${(logins / seconds).toFixed(1)} logins/s; search p50 ${ms(percentile(alone, 0.5))} / p95 ` +
    `${ms(percentile(alone, 0.95))} alone, p50 ${ms(percentile(flooded, 0.5))} / p95 ` +
    `${ms(percentile(flooded, 0.95))} during the flood (${flooded.length} searches)`
  );
}

async function main(): Promise<void> {
  const requests = requestCount();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-abuse-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://atlas.bench',
    // The flood comes from many addresses behind one proxy: only the hashing cap protects the API.
    TRUST_PROXY: '1',
    ...(process.env.PASSWORD_HASH_CONCURRENCY
      ? { PASSWORD_HASH_CONCURRENCY: process.env.PASSWORD_HASH_CONCURRENCY }
      : {}),
  });
  const db = openDatabase(path.join(dataDir, 'bench.sqlite'));
  buildDataset(createSqliteDatasetWriter(db), {
    cantons: ['ZG'],
    seed: 7,
    maxMunicipalities: 3,
    maxParcelsPerMunicipality: 600,
  });
  const app = await buildApp({ config, storage: sqliteStorage(db) });
  const user = await app.ctx.users.create({
    username: 'abuser@example.ch',
    email: 'abuser@example.ch',
    name: 'Abuser',
    passwordHash: null,
    status: 'active',
    roles: ['MAPUSER'],
  });
  const token = await app.ctx.tokens.sign('main', {
    sub: user.id,
    username: user.username,
    roles: user.roles,
    sid: await app.ctx.sessions.start(user.id),
  });
  const headers = { authorization: `Bearer ${token}` };
  const p = db.prepare('SELECT lon, lat FROM parcels ORDER BY id LIMIT 1').get() as {
    lon: number;
    lat: number;
  };
  const n = 2 ** 15;
  const r = (p.lat * Math.PI) / 180;
  const x = Math.floor(((p.lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);

  // Warm up: the filter index, the first statements, the JIT.
  for (let i = 0; i < 50; i++)
    await app.inject({ url: `/v1/secure/maps/tile?x=${x}&y=${y}&z=15&STREET=W${i}`, headers });
  const before = rss();
  const started = Date.now();
  const statuses = new Map<number, number>();
  let peak = before;
  for (let i = 0; i < requests; i++) {
    const length = (i % MAX_LIST_ITEMS) + 1;
    const round = Math.floor(i / MAX_LIST_ITEMS);
    const list = Array.from({ length }, (_, k) => `Strasse-${round}-${k}`).join(',');
    const res = await app.inject({ url: `/v1/secure/maps/tile?x=${x}&y=${y}&z=15&STREET=${list}`, headers });
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    // A full collection every 500 requests (node --expose-gc): garbage V8 has not reached yet is not
    // growth; what a collection cannot free (statements, cached tiles, native memory) is.
    if (i % 500 === 499) peak = Math.max(peak, sampleRss());
  }
  const seconds = (Date.now() - started) / 1000;
  const after = rss();
  peak = Math.max(peak, after);
  const flood = await loginFlood(app, headers);
  await app.close();
  db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const growth = mb(after - before);
  const replies = [...statuses].map(([status, count]) => `${count} × ${status}`).join(', ');
  process.stdout.write(
    [
      `${requests} tile requests with STREET lists of 1–${MAX_LIST_ITEMS} distinct values in ${seconds.toFixed(1)} s (${replies})`,
      flood,
      `RSS before ${mb(before).toFixed(1)} MB, after ${mb(after).toFixed(1)} MB, peak ${mb(peak).toFixed(1)} MB: growth ${growth.toFixed(1)} MB (limit ${LIMIT_MB} MB)`,
      '',
    ].join('\n'),
  );
  if (growth > LIMIT_MB) {
    process.stdout.write('FAIL: memory grew more than the limit\n');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
