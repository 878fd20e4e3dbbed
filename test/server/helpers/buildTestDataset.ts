import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../../../server/store/openDatabase';
import { buildDataset } from '../../../server/data/buildDataset';
import type { DatasetInfo } from '../../../server/store/parcels/DatasetWriter';
import { createSqliteDatasetWriter } from '../../../server/store/parcels/createSqliteDatasetWriter';
import { copyDataset } from '../../../server/store/parcels/datasetTables';
export interface TestDatasetOptions {
  seed?: number;
  cantons?: string[];
  maxMunicipalities?: number;
  maxParcelsPerMunicipality?: number;
}

/** Default: three municipalities of Zug (Baar, Cham, Hünenberg), up to 600 parcels each — ~1 s to build. */
const DEFAULTS: Required<TestDatasetOptions> = {
  seed: 7,
  cantons: ['ZG'],
  maxMunicipalities: 3,
  maxParcelsPerMunicipality: 600,
};

function cacheFile(options: Required<TestDatasetOptions>): string {
  const key = [
    options.seed,
    options.cantons.join('-'),
    options.maxMunicipalities,
    options.maxParcelsPerMunicipality,
  ];
  return path.join(os.tmpdir(), `parcel-atlas-testdata-v7-${key.join('_')}.sqlite`);
}

/**
 * Fills `db` (a test database with all migrations) with a tiny, deterministic parcel dataset. The
 * dataset is built once per option set and cached under os.tmpdir(), so other test files only copy it.
 */
export function buildTestDataset(db: Database, options: TestDatasetOptions = {}): DatasetInfo {
  const resolved = { ...DEFAULTS, ...options };
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
