import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  buildDatasetFile,
  isUpToDate,
  type DatasetFileBuildOptions,
} from '../../server/data/build/buildDatasetFile';
import { datasetInfo, generateMunicipalityRows, planDataset } from '../../server/data/buildDataset';
import type { MunicipalityInput } from '../../server/data/generator/generateMunicipality';
import { buildFileOf } from '../../server/store/sqlite/sqliteStorageHealth';
import { etaText } from '../../server/data/build/etaText';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { DATASET_TABLES } from '../../server/store/sqlite/parcels/datasetTables';
import type { DatasetInfo } from '../../server/store/contract/parcels/DatasetWriter';

/** Two small cantons (Zug's 11 and Appenzell Innerrhoden's 5 municipalities), 40 parcels each. */
const SMALL: Omit<DatasetFileBuildOptions, 'file' | 'workers'> = {
  cantons: ['ZG', 'AI'],
  seed: 11,
  maxParcelsPerMunicipality: 40,
};
const ZUG_MUNICIPALITIES = 11;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dataset-build-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const fileIn = (name: string) => path.join(dir, name, 'parcel-atlas.sqlite');

/** Every dataset table's rows (ids included), the search index's answers and the completion record. */
function datasetContent(file: string): Record<string, string> {
  const db = new Database(file, { readonly: true });
  try {
    const content: Record<string, string> = {};
    for (const table of DATASET_TABLES) {
      const hash = crypto.createHash('sha1');
      for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).raw().iterate() as Iterable<
        unknown[]
      >)
        hash.update(JSON.stringify(row, (_k, v: unknown) => (v instanceof Buffer ? v.toString('hex') : v)));
      content[table] = hash.digest('hex');
    }
    const ids = (query: string) =>
      db.prepare('SELECT rowid FROM parcels_fts WHERE parcels_fts MATCH ? ORDER BY rowid').pluck().all(query);
    content.search = JSON.stringify([ids('baar*'), ids('appenzell*'), ids('dorfstrasse*')]);
    const info = JSON.parse(
      db.prepare("SELECT value FROM meta WHERE key = 'dataset'").pluck().get() as string,
    ) as DatasetInfo;
    content.info = JSON.stringify({ ...info, builtAt: null, buildSeconds: null });
    return content;
  } finally {
    db.close();
  }
}

describe('the parallel, resumable dataset build (npm run dataset)', () => {
  let reference: Record<string, string>;

  it('builds the same dataset, row ids included, on one and on two worker threads', async () => {
    const one = await buildDatasetFile({ ...SMALL, file: fileIn('one'), workers: 1 });
    const two = await buildDatasetFile({ ...SMALL, file: fileIn('two'), workers: 2 });
    expect(one.outcome).toBe('built');
    expect(two.outcome).toBe('built');
    reference = datasetContent(fileIn('one'));
    expect(datasetContent(fileIn('two'))).toEqual(reference);
    const db = new Database(fileIn('two'), { readonly: true });
    expect(db.prepare('SELECT count(*) FROM municipalities').pluck().get()).toBe(16);
    expect(db.prepare('SELECT count(DISTINCT canton) FROM parcels').pluck().get()).toBe(2);
    for (const rtree of ['parcels_rtree', 'buildings_rtree', 'layer_features_rtree'])
      expect(db.prepare('SELECT rtreecheck(?)').pluck().get(rtree)).toBe('ok');
    // The secondary indexes dropped for the bulk load are all back.
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'parcels'")
      .pluck()
      .all();
    expect(indexes).toEqual(expect.arrayContaining(['parcels_zip', 'parcels_prc_no', 'parcels_house_no']));
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'dataset_build'").pluck().get()).toBe(
      0,
    );
    db.close();
    expect(fs.existsSync(buildFileOf(fileIn('two')))).toBe(false);
  }, 120_000);

  it('builds the same dataset in this thread (no workers)', async () => {
    await buildDatasetFile({ ...SMALL, file: fileIn('zero'), workers: 0 });
    expect(datasetContent(fileIn('zero'))).toEqual(reference);
  }, 120_000);

  it('continues an interrupted build where it stopped, with the same result as an uninterrupted one', async () => {
    const file = fileIn('resumed');
    const stop = new AbortController();
    const first = await buildDatasetFile({
      ...SMALL,
      file,
      workers: 2,
      commitEveryMs: 0,
      signal: stop.signal,
      onProgress: (_line, done) => {
        if (done === ZUG_MUNICIPALITIES) stop.abort();
      },
    });
    expect(first).toEqual({ outcome: 'stopped', done: ZUG_MUNICIPALITIES, total: 16 });
    // Nothing half-built is served: the server's file does not exist yet, the build file does.
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(buildFileOf(file))).toBe(true);

    const lines: string[] = [];
    const second = await buildDatasetFile({
      ...SMALL,
      file,
      workers: 2,
      onProgress: (line) => lines.push(line),
    });
    expect(second.outcome === 'built' && second.resumedAt).toBe(ZUG_MUNICIPALITIES);
    expect(lines[0]).toMatch(/^Building dataset: 12\/16 municipalities \(AI .+\), [\d,]+ parcels, \d+ s/);
    expect(lines.some((line) => line.startsWith('Finishing dataset:'))).toBe(true);
    expect(datasetContent(file)).toEqual(reference);
  }, 120_000);

  it('leaves a complete dataset of the same options alone, and rebuilds when forced', async () => {
    const file = fileIn('one');
    const before = fs.statSync(file).mtimeMs;
    const again = await buildDatasetFile({ ...SMALL, file, workers: 1 });
    expect(again.outcome).toBe('up to date');
    expect(fs.statSync(file).mtimeMs).toBe(before);
    // In this thread: how many threads build is not what this test is about (the first test compares them).
    const forced = await buildDatasetFile({ ...SMALL, file, workers: 0, force: true });
    expect(forced.outcome).toBe('built');
    expect(datasetContent(file)).toEqual(reference);
  }, 120_000);

  it('throws a build file of other options away instead of resuming it', async () => {
    const file = fileIn('other');
    const stop = new AbortController();
    stop.abort();
    await buildDatasetFile({ ...SMALL, seed: 12, file, workers: 0, signal: stop.signal });
    expect(fs.existsSync(buildFileOf(file))).toBe(true);
    const built = await buildDatasetFile({ ...SMALL, file, workers: 0 });
    expect(built.outcome === 'built' && built.resumedAt).toBe(0);
    expect(datasetContent(file)).toEqual(reference);
  }, 120_000);

  it("keeps the database's users and settings when it replaces its dataset, and drops its cached tiles", async () => {
    const file = fileIn('kept');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const db = openDatabase(file);
    db.prepare(
      `INSERT INTO users (id, username, email, status, created_at, updated_at)
       VALUES ('u1', 'anna', 'anna@example.ch', 'active', '2026-01-01', '2026-01-01')`,
    ).run();
    db.prepare("INSERT INTO meta (key, value) VALUES ('session-secret', 'kept')").run();
    db.prepare("INSERT INTO tile_cache (dataset, key, gzip, etag) VALUES ('old', 'k', x'00', 'e')").run();
    db.close();

    await buildDatasetFile({ ...SMALL, file, workers: 0 });
    const after = openDatabase(file);
    expect(after.prepare('SELECT email FROM users').pluck().all()).toEqual(['anna@example.ch']);
    expect(after.prepare("SELECT value FROM meta WHERE key = 'session-secret'").pluck().get()).toBe('kept');
    expect(after.prepare('SELECT count(*) FROM tile_cache').pluck().get()).toBe(0);
    after.close();
    expect(datasetContent(file)).toEqual(reference);
  }, 120_000);
});

describe('the build progress line', () => {
  it('estimates the time left from this run only', () => {
    expect(etaText(10, 0, 50)).toBe('');
    expect(etaText(10, 20, 40)).toBe(', about 20 s left');
    expect(etaText(60, 10, 100)).toBe(', about 10 min left');
    expect(etaText(60, 10, 0)).toBe('');
    // Before 1 % of the work the threads' start-up would make the estimate absurd.
    expect(etaText(22, 466, 3_300_000)).toBe('');
  });
});

describe('single municipalities besides whole cantons (npm run dataset -- --municipalities)', () => {
  const LUGANO = 5192;
  const ZUG = 1711;
  const rowsOf = (input: MunicipalityInput) => {
    const rows = generateMunicipalityRows(input);
    return { ...rows, layers: { ...rows.layers, geometries: Buffer.from(rows.layers.geometries) } };
  };

  it('plans the whole cantons, then each extra municipality exactly as a build of its whole canton does', () => {
    const options = {
      cantons: ['ZG'],
      extraMunicipalities: [LUGANO],
      seed: 11,
      maxParcelsPerMunicipality: 40,
    };
    const inputs = planDataset(options);
    expect(inputs.map((input) => input.municipality.bfs)).toEqual([
      ...planDataset({ ...options, extraMunicipalities: [] }).map((input) => input.municipality.bfs),
      LUGANO,
    ]);
    expect(inputs).toHaveLength(ZUG_MUNICIPALITIES + 1);
    const inTicino = planDataset({ ...options, cantons: ['TI'], extraMunicipalities: [] }).find(
      (input) => input.municipality.bfs === LUGANO,
    );
    expect(rowsOf(inputs[ZUG_MUNICIPALITIES])).toEqual(rowsOf(inTicino as MunicipalityInput));
  });

  it('adds nothing twice for a municipality of a canton built whole, and refuses an unknown BFS number', () => {
    const whole = planDataset({ cantons: ['ZG'], seed: 11, maxParcelsPerMunicipality: 40 });
    const again = planDataset({
      cantons: ['ZG'],
      extraMunicipalities: [ZUG],
      seed: 11,
      maxParcelsPerMunicipality: 40,
    });
    expect(again.map((input) => input.municipality.bfs)).toEqual(
      whole.map((input) => input.municipality.bfs),
    );
    expect(() => planDataset({ cantons: ['ZG'], extraMunicipalities: [99999] })).toThrow(
      'Unknown municipality BFS number(s): 99999',
    );
  });

  it('records them, and takes a dataset with other single municipalities for out of date', () => {
    const info = datasetInfo(
      { cantons: ['ZG'], extraMunicipalities: [LUGANO, LUGANO] },
      { parcels: 1, buildings: 1, seconds: 1 },
    );
    expect(info.extraMunicipalities).toEqual([LUGANO]);
    expect(isUpToDate(info, { cantons: ['ZG'], extraMunicipalities: [LUGANO] })).toBe(true);
    expect(isUpToDate(info, { cantons: ['ZG'] })).toBe(false);
    const plain = datasetInfo({ cantons: ['ZG'] }, { parcels: 1, buildings: 1, seconds: 1 });
    expect(plain).not.toHaveProperty('extraMunicipalities');
    expect(isUpToDate(plain, { cantons: ['ZG'] })).toBe(true);
    expect(isUpToDate(plain, { cantons: ['ZG'], extraMunicipalities: [LUGANO] })).toBe(false);
  });
});
