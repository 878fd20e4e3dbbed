/**
 * A search costs what its page costs. Totals are exact up to a cap and "at least the cap"
 * beyond it; searches without text run on bitmaps of the in-memory columns; one-letter prefixes read their
 * own prefix index; postcodes read the zip index. Every answer is checked against the plain SQL of the
 * same filters (the slow path), on a dataset of every municipality of Zug and Ticino.
 */
import type { Synchronous } from '../../server/store/contract/unitOfWork/Synchronous';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { buildTestDataset } from './helpers/buildTestDataset';
import { createSqliteParcelRepository } from '../../server/store/sqlite/parcels/createSqliteParcelRepository';
import { parcelWhere, whereClause } from '../../server/store/contract/parcels/parcelWhere';
import type { ParcelQuery } from '../../server/store/contract/parcels/ParcelQuery';
import type { ParcelRepository } from '../../server/store/contract/parcels/ParcelRepository';
import { toSearchResponse } from '../../server/services/search/searchResponse';
import { TOTAL_HITS_CAP } from '../../src/contract/SearchParameters';
import { createParcelFilterIndex } from '../../server/store/contract/parcels/ParcelFilterIndex';
import type { FilterColumns } from '../../server/store/contract/parcels/FilterColumns';

let dir: string;
let db: Database;
/** A cap above the dataset's size: every total is exact. */
let uncapped: Synchronous<ParcelRepository>;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-search-cost-'));
  db = openDatabase(path.join(dir, 'test.sqlite'));
  buildTestDataset(db, { cantons: ['ZG', 'TI'], maxMunicipalities: 400, maxParcelsPerMunicipality: 60 });
  uncapped = createSqliteParcelRepository(db, { totalCap: 1_000_000 });
}, 300_000);
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * The slow path: the query as one SQL statement over every row, ids in id order with every road after the
 * other parcels, with their municipality.
 */
function bruteForce(query: ParcelQuery): { ids: number[]; counts: Record<string, number> } {
  const where = parcelWhere(query);
  const rows = db
    .prepare(
      `SELECT p.id, m.name FROM parcels p JOIN municipalities m ON m.bfs = p.mun_bfs ${whereClause(where)} ORDER BY p.ind = 'Road', p.id`,
    )
    .raw()
    .all(...where.params) as [number, string][];
  const counts: Record<string, number> = {};
  for (const [, name] of rows) counts[name] = (counts[name] ?? 0) + 1;
  return { ids: rows.map(([id]) => id), counts };
}

/** The row id of a hit (hits carry PRC_ID; the slow path gives row ids). */
const idOf = (prcId: string) =>
  db.prepare('SELECT id FROM parcels WHERE prc_id = ?').pluck().get(prcId) as number;

function expectSameAsSlowPath(repository: Synchronous<ParcelRepository>, query: ParcelQuery): void {
  const slow = bruteForce(query);
  expect(slow.ids.length).toBeGreaterThan(0);
  for (const page of [1, 2, 7]) {
    const result = repository.search(query, { page, size: 12 });
    expect(result.total).toBe(slow.ids.length);
    expect(result.exact).toBe(true);
    expect(result.hits.map((hit) => idOf(hit.PRC_ID))).toEqual(slow.ids.slice((page - 1) * 12, page * 12));
    expect(Object.fromEntries(result.byMunicipality.map((m) => [m.name, m.count]))).toEqual(slow.counts);
  }
}

/** The most frequent value of a column among the parcels (a filter with many matches). */
const frequent = (column: string) =>
  db
    .prepare(
      `SELECT ${column} FROM parcels WHERE ${column} IS NOT NULL GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1`,
    )
    .pluck()
    .get() as string;
const rare = (column: string) =>
  db
    .prepare(
      `SELECT ${column} FROM parcels WHERE ${column} IS NOT NULL GROUP BY 1 ORDER BY COUNT(*), 1 LIMIT 1`,
    )
    .pluck()
    .get() as string;

/** The first word (five letters or more) of the most frequent street: a prefix the vocabulary expands. */
const longestStreetWord = () =>
  (
    frequent('street')
      .split(/\s+/)
      .find((word) => word.length >= 5) as string
  ).slice(0, 6);

describe('a search without text (filters only) answers from the in-memory columns', () => {
  it.each<[string, () => ParcelQuery]>([
    ['radon class', () => ({ radon: { from: 0, to: 9 } })],
    ['zone', () => ({ alphaPri: frequent('alpha_pri') })],
    ['rare zone', () => ({ alphaPri: rare('alpha_pri') })],
    ['secondary zone and canton', () => ({ canton: 'TI', alphaSec: frequent('alpha_sec') })],
    ['canton without roads', () => ({ canton: 'ZG', excludeRoads: true })],
    ['municipalities', () => ({ locnames: ['Baar', 'Lugano', 'Bellinzona'], excludeRoads: true })],
    ['municipality of another canton', () => ({ canton: 'ZG', locnames: ['Lugano', 'Cham'] })],
    ['thermal classes', () => ({ thermals: [frequent('grn_trm'), rare('grn_trm')] })],
    ['streets', () => ({ streets: [frequent('street'), rare('street')] })],
    ['building right', () => ({ typ: 'Baurecht' })],
    ['with objects', () => ({ objects: 'With', excludeRoads: true })],
    ['freehold, without objects', () => ({ typ: 'Eigentum', objects: 'Without', excludeRoads: true })],
    ['national protection', () => ({ proBun: true })],
    ['area and radon', () => ({ surface: { from: 500, to: 2000 }, radon: { from: 3, to: 12 } })],
    [
      'freeway and PUTRA ranges',
      () => ({ freeway: { from: 0, to: 5000 }, putra: { from: 100, to: 99999999999 } }),
    ],
  ])('%s: the same page, total and municipality counts as the slow path', (_, query) => {
    expectSameAsSlowPath(uncapped, query());
  });

  it('finds nothing for a canton or a zone the data does not have', () => {
    expect(uncapped.search({ canton: 'ZH' }, { page: 1, size: 12 })).toMatchObject({ total: 0, exact: true });
    expect(uncapped.search({ alphaPri: 'NOPE' }, { page: 1, size: 12 }).hits).toEqual([]);
  });
});

describe('text searches', () => {
  it.each([['b'], ['a'], ['B'], ['v']])(
    'the one-letter prefix "%s" gives the slow path’s pages, total and counts',
    (text) => {
      expectSameAsSlowPath(uncapped, { text });
    },
  );

  it.each<[string, () => ParcelQuery]>([
    ['a word', () => ({ text: 'via' })],
    ['a letter and a canton', () => ({ text: 'b', canton: 'TI', excludeRoads: true })],
    ['a word and a radon class', () => ({ text: 'via', radon: { from: 0, to: 9 } })],
    ['a word and municipalities', () => ({ text: 'v', locnames: ['Lugano', 'Baar'] })],
    [
      'a street and its house number',
      () => {
        const { street, house_no } = db
          .prepare('SELECT street, house_no FROM parcels WHERE house_no IS NOT NULL LIMIT 1')
          .get() as { street: string; house_no: string };
        return { text: `${street} ${house_no}` };
      },
    ],
    ['a parcel number', () => ({ text: frequent('prc_no') })],
    ['a place name of four letters or more', () => ({ text: 'Bellinz' })],
    ['an accented word, typed without its accent', () => ({ text: 'Hunenb' })],
    ['an accented word with its accent', () => ({ text: 'Hünenberg', excludeRoads: true })],
    ['a long word and a filter', () => ({ text: longestStreetWord(), typ: 'Eigentum', excludeRoads: true })],
    ['two long words', () => ({ text: `${longestStreetWord().slice(0, 5)} Lugano` })],
    ['a one-letter prefix and municipalities', () => ({ text: 'c', locnames: ['Lugano', 'Zug'] })],
    ['an accented capital letter', () => ({ text: 'É', canton: 'TI' })],
    ['a one-letter prefix and a radon class', () => ({ text: 'm', radon: { from: 0, to: 9 } })],
  ])('%s: the same as the slow path', (_, query) => {
    expectSameAsSlowPath(uncapped, query());
  });

  it('gives the slow path’s answers for a text searched again: other pages, other filters, after its map', () => {
    // A repository of its own, so its remembered candidate ids and text bitmaps start empty.
    const repository = createSqliteParcelRepository(db, { totalCap: 1_000_000 });
    const word = longestStreetWord();
    expectSameAsSlowPath(repository, { text: word });
    expectSameAsSlowPath(repository, { text: word, radon: { from: 0, to: 9 } });
    expectSameAsSlowPath(repository, { text: word, canton: 'TI', excludeRoads: true });
    // The tiles of a searched map read the text's rows as a bitmap; the search then reads that bitmap.
    const everywhere = { minX: -180, minY: -90, maxX: 180, maxY: 90 };
    repository.tileParcels(everywhere, { text: 'via' }, 1_000_000);
    expectSameAsSlowPath(repository, { text: 'via' });
    expectSameAsSlowPath(repository, { text: 'via', typ: 'Eigentum', excludeRoads: true });
  });

  it('lists the preferred municipality’s matches first, then the others, then the roads, each in id order', () => {
    const query = { text: 'b' };
    const slow = bruteForce(query);
    const roads = new Set(db.prepare("SELECT id FROM parcels WHERE ind = 'Road'").pluck().all() as number[]);
    expect(slow.ids.some((id) => roads.has(id))).toBe(true);
    const lugano = new Set(
      db
        .prepare(
          "SELECT p.id FROM parcels p JOIN municipalities m ON m.bfs = p.mun_bfs WHERE m.name = 'Lugano'",
        )
        .pluck()
        .all() as number[],
    );
    const expected = [
      ...slow.ids.filter((id) => lugano.has(id) && !roads.has(id)),
      ...slow.ids.filter((id) => !lugano.has(id) && !roads.has(id)),
      ...slow.ids.filter((id) => lugano.has(id) && roads.has(id)),
      ...slow.ids.filter((id) => !lugano.has(id) && roads.has(id)),
    ];
    const ranking = { preferMunicipalities: ['Lugano'] };
    const lastPage = Math.ceil(slow.ids.length / 20);
    for (const page of [1, 3, lastPage - 1, lastPage]) {
      const result = uncapped.search(query, { page, size: 20 }, ranking);
      expect(result.total).toBe(slow.ids.length);
      expect(result.hits.map((hit) => idOf(hit.PRC_ID))).toEqual(expected.slice((page - 1) * 20, page * 20));
    }
  });

  it('finds a postcode’s parcels through the zip index, not house numbers', () => {
    const zip = frequent('zip');
    const numbered = db.prepare('SELECT id FROM parcels WHERE zip <> ? LIMIT 1').pluck().get(zip) as number;
    db.prepare('UPDATE parcels SET house_no = ? WHERE id = ?').run(zip, numbered);
    try {
      const result = uncapped.search({ text: zip }, { page: 1, size: 12 });
      const count = db.prepare('SELECT COUNT(*) FROM parcels WHERE zip = ?').pluck().get(zip) as number;
      expect(result).toMatchObject({ total: count, exact: true });
      expect(result.hits.every((hit) => hit.PRC_ZIP === zip)).toBe(true);
      expectSameAsSlowPath(uncapped, { text: zip });
    } finally {
      db.prepare('UPDATE parcels SET house_no = NULL WHERE id = ?').run(numbered);
    }
  });
});

describe('totals are exact up to the cap, "at least the cap" beyond it', () => {
  const cap = 50;
  let capped: Synchronous<ParcelRepository>;
  beforeAll(() => {
    capped = createSqliteParcelRepository(db, { totalCap: cap });
  });

  it.each<[string, ParcelQuery]>([
    ['a one-letter prefix', { text: 'b' }],
    ['a word', { text: 'via' }],
    ['filters only', { canton: 'TI', excludeRoads: true }],
    ['a radon class', { radon: { from: 0, to: 9 } }],
  ])('%s with more matches than the cap reports the cap, not exact', (_, query) => {
    const slow = bruteForce(query);
    expect(slow.ids.length).toBeGreaterThan(cap);
    const result = capped.search(query, { page: 2, size: 12 });
    expect(result).toMatchObject({ total: cap, exact: false });
    // The page is still the right one.
    expect(result.hits.map((hit) => idOf(hit.PRC_ID))).toEqual(slow.ids.slice(12, 24));
    expect(toSearchResponse(result).hits.total).toEqual({ value: cap, relation: 'gte' });
  });

  it('is exact at and under the cap', () => {
    const query = { text: 'via', canton: 'TI' };
    const slow = bruteForce(query);
    const exactly = createSqliteParcelRepository(db, { totalCap: slow.ids.length });
    expect(exactly.search(query, { page: 1, size: 12 })).toMatchObject({
      total: slow.ids.length,
      exact: true,
    });
    const small = bruteForce({ locnames: ['Cham'], typ: 'Baurecht' });
    expect(small.ids.length).toBeLessThan(cap);
    const result = capped.search({ locnames: ['Cham'], typ: 'Baurecht' }, { page: 1, size: 12 });
    expect(result).toMatchObject({ total: small.ids.length, exact: true });
    expect(toSearchResponse(result).hits.total).toEqual({ value: small.ids.length, relation: 'eq' });
  });

  it('counts by municipality over the first cap matches of a capped text search', () => {
    const result = capped.search({ text: 'b' }, { page: 1, size: 12 });
    expect(result.byMunicipality.reduce((sum, m) => sum + m.count, 0)).toBe(cap);
  });

  it('is ten thousand by default: every page a user can open, and no more', () => {
    expect(TOTAL_HITS_CAP).toBe(10_000);
  });
});

describe('a municipality whose parcels lie in more than one run of rows', () => {
  it('is restricted and counted row by row, not by run', () => {
    const [a, b] = db.prepare('SELECT bfs, name FROM municipalities ORDER BY bfs LIMIT 2').all() as {
      bfs: number;
      name: string;
    }[];
    const n = 6;
    const columns: FilterColumns = {
      count: n,
      ids: Int32Array.from([1, 2, 3, 4, 5, 6]),
      canton: new Uint8Array(n).fill(1),
      mun: Uint16Array.from([0, 1, 0, 1, 0, 1]),
      sur: new Uint32Array(n),
      flags: new Uint8Array(n),
      objCount: new Uint8Array(n),
      radon: Uint8Array.from([1, 1, 1, 50, 50, 50]),
      freeway: new Uint32Array(n),
      putra: new Uint32Array(n),
      thermal: new Uint8Array(n),
      alphaPri: new Uint16Array(n),
      alphaSec: new Uint16Array(n),
      street: new Uint32Array(n),
      utilisation: new Uint16Array(n),
      reserve: new Uint32Array(n),
      dictionaries: {
        cantons: ['ZG'],
        thermals: [],
        alphas: [],
        streets: [],
        municipalities: [a.bfs, b.bfs],
      },
    };
    const index = createParcelFilterIndex(columns, [a, b]);
    const page = { offset: 0, size: 10, cap: 100 };
    expect(index.evaluate({ locnames: [a.name] }, null, page)).toEqual({
      total: 3,
      exact: true,
      pageIds: [1, 3, 5],
      countsByMunicipality: new Map([[a.bfs, 3]]),
      counted: 3,
    });
    expect(index.evaluate({ radon: { from: 0, to: 9 } }, null, page).countsByMunicipality).toEqual(
      new Map([
        [a.bfs, 2],
        [b.bfs, 1],
      ]),
    );
  });
});
