/**
 * The QGIS guide's pictures from headless QGIS against a local server on a benchmark dataset:
 *   npx tsx scripts/qgisGuideImages.ts [--cantons ZG | --db FILE] [--out docs/images]
 * Starts the server, creates a user with a key, and has scripts/qgisGuideImages.py render the OGC API –
 * Features layers and the vector tiles around Zug's old town into PNGs.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../server/app';
import { sqliteStorage } from '../server/store/sqlite/openStorage';
import { loadConfig } from '../server/config';
import { benchDatasetArgs, openBenchDataset } from './benchDataset';
import { unlimitedPlan } from './unlimitedPlan';

const run = promisify(execFile);
/** About 450 × 300 m of Zug by the lake: parcels, streets and buildings at a readable scale. */
const BOX = [8.5145, 47.1655, 8.5205, 47.1683];

async function main(): Promise<void> {
  const { cantons, file, extra } = benchDatasetArgs(process.argv.slice(2), { valued: ['out'] });
  const out = path.resolve(typeof extra.out === 'string' ? extra.out : 'docs/images');
  const db = openBenchDataset(file, cantons);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-qgis-images-'));
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: work, LOG_LEVEL: 'silent', WORKERS: '0' }),
    storage: sqliteStorage(db),
  });
  try {
    const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/ogc`;
    const user = await app.ctx.users.create({
      username: `qgis-guide-${Date.now()}@example.ch`,
      email: `qgis-guide-${Date.now()}@example.ch`,
      name: 'QGIS guide',
      passwordHash: null,
      status: 'active',
      roles: ['MAPUSER'],
    });
    await unlimitedPlan(sqliteStorage(db), user.id);
    const { secret } = await app.ctx.apiKeys.create(user, {
      name: 'QGIS guide',
      scopes: ['features', 'tiles'],
      expiresInDays: 30,
    });
    fs.mkdirSync(out, { recursive: true });
    const { stdout } = await run(
      '/usr/bin/python3',
      ['scripts/qgisGuideImages.py', base, secret, ...BOX.map(String), out],
      {
        env: {
          ...process.env,
          QT_QPA_PLATFORM: 'offscreen',
          QGIS_AUTH_DB_DIR_PATH: work,
          HOME: work,
          XDG_RUNTIME_DIR: work,
        },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      // QGIS 3.22 may crash on exit after its work: the pictures are what counts.
      if (error.stdout?.includes('done')) return { stdout: error.stdout };
      throw new Error(`QGIS failed: ${error.stderr ?? ''}${error.stdout ?? ''}`);
    });
    console.log(stdout.trim());
  } finally {
    await app.close();
    db.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
