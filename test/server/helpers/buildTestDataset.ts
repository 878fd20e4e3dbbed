import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../../../server/store/sqlite/openDatabase';
import { buildDataset } from '../../../server/data/buildDataset';
import type { DatasetInfo } from '../../../server/store/contract/parcels/DatasetWriter';
import { createSqliteDatasetWriter } from '../../../server/store/sqlite/parcels/createSqliteDatasetWriter';
import { copyDataset } from '../../../server/store/sqlite/parcels/datasetTables';
import { createTestApp, signIn, type TestApp } from './createTestApp';
export interface TestDatasetOptions {
  seed?: number;
  cantons?: string[];
  maxMunicipalities?: number;
  maxParcelsPerMunicipality?: number;
}

/** Default: three municipalities of Zug (Baar, Cham, Hünenberg), up to 600 parcels each — ~1 s to build. */
export const TEST_DATASET_OPTIONS: Required<TestDatasetOptions> = {
  seed: 7,
  cantons: ['ZG'],
  maxMunicipalities: 3,
  maxParcelsPerMunicipality: 600,
};

/** The code that decides what a dataset holds: the generator, the writer and the schema. */
const DATASET_SOURCES = [
  'server/data',
  'server/store/contract/parcels',
  'server/store/contract/layers',
  'server/store/sqlite/parcels',
  'server/store/sqlite/layers',
  'server/store/sqlite/migrations',
  'src/contract',
];

/**
 * A fingerprint of the dataset code, so a cached test dataset is never reused by a changed generator
 * (nor by another checkout with other code: the cache lives in the shared temp directory).
 */
function datasetCodeFingerprint(): string {
  const hash = crypto.createHash('sha1');
  const visit = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.tsx?$/.test(entry.name)) hash.update(full).update(fs.readFileSync(full));
    }
  };
  for (const dir of DATASET_SOURCES) visit(path.resolve(__dirname, '../../..', dir));
  return hash.digest('hex').slice(0, 12);
}

function cacheFile(options: Required<TestDatasetOptions>): string {
  const key = [
    options.seed,
    options.cantons.join('-'),
    options.maxMunicipalities,
    options.maxParcelsPerMunicipality,
    datasetCodeFingerprint(),
  ];
  return path.join(os.tmpdir(), `parcel-atlas-testdata-${key.join('_')}.sqlite`);
}

/**
 * Fills `db` (a test database with all migrations) with a tiny, deterministic parcel dataset. The
 * dataset is built once per option set and cached under os.tmpdir(), so other test files only copy it.
 */
export function buildTestDataset(db: Database, options: TestDatasetOptions = {}): DatasetInfo {
  const resolved = { ...TEST_DATASET_OPTIONS, ...options };
  const file = cacheFile(resolved);
  if (!fs.existsSync(file)) {
    // Build beside the cache and rename: parallel jest workers never see a half-built file.
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    const source = openDatabase(temp);
    buildDataset(createSqliteDatasetWriter(source), resolved);
    source.pragma('wal_checkpoint(TRUNCATE)');
    source.close();
    fs.renameSync(temp, file);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${temp}${suffix}`, { force: true });
  }
  copyDataset(db, file);
  return createSqliteDatasetWriter(db).readInfo() as DatasetInfo;
}

/**
 * A test server with the test dataset and a signed-in map user whose plan allows every use (the plan
 * counting has tests of its own): what the search, tile and import tests start from.
 */
export async function createDatasetTestApp(
  signInOptions: Parameters<typeof signIn>[1] = {},
): Promise<{ t: TestApp; headers: { authorization: string } }> {
  const t = await createTestApp();
  buildTestDataset(t.db);
  const { headers } = await signIn(t.app, signInOptions);
  t.app.ctx.quota = { consume: async () => ({ ok: true }) };
  return { t, headers };
}
