import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database, Statement } from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { Canton } from '../../../../src/contract/Parcel';
import {
  BUILDING_TILE_KEYS,
  outlineKeys,
  PARCEL_TILE_KEYS,
  type OutlineForm,
  type ParcelRepository,
  type ParcelRepositoryOptions,
} from '../../contract/parcels/ParcelRepository';
import type { BuildingRow, ParcelRow } from '../../contract/parcels/ParcelRow';
import { IN_JSON_LIST, parcelWhere, textTerms } from '../../contract/parcels/parcelWhere';
import { inRowIdOrder, rowToBuilding, rowToParcel } from '../../contract/parcels/rowToParcel';
import {
  PARCEL_FEATURE_COLUMNS,
  packedFeaturesSql,
  packedFeaturesText,
  type ParcelFeatureRow,
} from '../../contract/parcels/parcelFeatureJson';
import type { CandidateSource } from '../../contract/parcels/ParcelFilterIndex';
import { createCandidateMemo } from '../../contract/parcels/candidateMemo';
import { TOTAL_HITS_CAP } from '../../../../src/contract/SearchParameters';
import { keepFeatures, packedRowSql, readTileFeatureBatch } from '../../contract/parcels/tileFeatureBatch';
import type { ParcelQuery } from '../../contract/parcels/ParcelQuery';
import { readFilterColumns, scanFilterColumns } from './sqliteFilterColumns';
import {
  createParcelSearch,
  type MunicipalityExtentRow,
  type ParcelSearchSource,
} from '../../contract/parcels/createParcelSearch';
import {
  containsPattern as like,
  fold,
  toAlpha,
  toCanton,
  toStreet,
  toThermal,
  type CantonRow,
} from '../../contract/parcels/lookupRows';

/** A prefix with more terms than this stays an FTS5 prefix query. */
const MAX_PREFIX_TERMS = 64;

const PARCEL_COLUMNS = `p.*, m.name AS locname, c.name AS canton_name, c.names AS canton_names`;
const PARCEL_JOINS = `JOIN municipalities m ON m.bfs = p.mun_bfs JOIN cantons c ON c.code = p.canton`;

/**
 * Candidate ids read as one text (`group_concat` over the ordered, limited ids) and parsed here: a text
 * search reads 10,000 ids or more, and one value instead of a row per id through the driver costs ~30 %
 * less on the whole country. The aggregate takes the rows in the subquery's order; should SQLite ever
 * hand them over otherwise, they are sorted here, so the ids are always ascending.
 */
export function idList(text: string | null): number[] {
  const ids: number[] = [];
  if (!text) return ids;
  let ascending = true;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      if (ids.length > 0 && value <= ids[ids.length - 1]) ascending = false;
      ids.push(value);
      value = 0;
    } else value = value * 10 + (c - 48);
  }
  if (ids.length > 0 && value <= ids[ids.length - 1]) ascending = false;
  ids.push(value);
  return ascending ? ids : ids.sort((a, b) => a - b);
}

/** How many prepared statements the repository keeps (least recently used go first). */
export const MAX_PREPARED_STATEMENTS = 256;

/** What the search's in-memory index is built from: the dataset's mark, municipalities and filter columns. */
export function sqliteFilterIndexSource(
  db: Database,
): Pick<ParcelSearchSource, 'datasetKey' | 'municipalities' | 'filterColumns'> {
  let datasetKey: Statement | null = null;
  return {
    datasetKey: () =>
      ((datasetKey ??= db.prepare("SELECT value FROM meta WHERE key = 'dataset'").pluck()).get() as
        string | undefined) ?? '',
    municipalities: () =>
      db
        .prepare(
          `SELECT m.bfs, m.name, m.lon, m.lat, e.w, e.s, e.e, e.n FROM municipalities m LEFT JOIN (
             SELECT mun_bfs AS bfs, min(lon) AS w, min(lat) AS s, max(lon) AS e, max(lat) AS n
             FROM parcels GROUP BY mun_bfs) e ON e.bfs = m.bfs`,
        )
        .all() as MunicipalityExtentRow[],
    filterColumns: () => readFilterColumns(db) ?? scanFilterColumns(db),
  };
}

/** The SURVEY value and the geometry a tile batch of `alias`'s rows packs for an outline form. */
function outlineSql(alias: string, form: OutlineForm): [string[], string] {
  return form === 'survey'
    ? [[`(${alias}.geom_lv95 IS NOT NULL)`], `coalesce(${alias}.geom_lv95, ${alias}.geom)`]
    : [[], `${alias}.geom`];
}

/** The start of a query packing buildings (alias b, roofs o) as a tile batch; the caller adds FROM and WHERE. */
function packedBuildingsSql(form: OutlineForm): string {
  const [survey, geometry] = outlineSql('b', form);
  const row = packedRowSql(
    'b.id',
    ['b.obj_id', 'b.typ', 'b.pro', 'coalesce(o.height, 0)', 'coalesce(o.solar_class, 0)', ...survey],
    geometry,
  );
  return `SELECT CAST(group_concat(row, '') AS BLOB) FROM (SELECT ${row} AS row`;
}

export function createSqliteParcelRepository(
  db: Database,
  {
    maxStatements = MAX_PREPARED_STATEMENTS,
    totalCap = TOTAL_HITS_CAP,
    sharedIndex,
  }: ParcelRepositoryOptions = {},
): Synchronous<ParcelRepository> {
  db.function('fold', { deterministic: true }, fold);
  const statements = new LRUCache<string, Statement>({ max: maxStatements });
  // Search SQL varies with the filters used (lists are one JSON parameter, so not with their length);
  // each distinct shape is prepared once and kept in a bounded cache.
  const prepared = (sql: string): Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const isPostcode = (code: string) =>
    prepared('SELECT 1 FROM parcels WHERE zip = ? LIMIT 1').pluck().get(code) !== undefined;

  // FTS5 answers a prefix longer than its prefix index (3) by merging the doclists of every matching term
  // in the whole index before the first row (~3 ms for "zürich*" on the country, again for every chunk);
  // the same prefix as an OR of its terms (from the index's vocabulary) is read lazily from the id wanted.
  db.exec(
    "CREATE VIRTUAL TABLE IF NOT EXISTS temp.parcels_fts_terms USING fts5vocab(main, parcels_fts, 'row')",
  );
  const expansions = new LRUCache<string, { terms: string[] | null }>({ max: 4096 });
  const prefixTerms = (word: string): string[] | null => {
    const folded = fold(word);
    // Only plain letters and digits: then our folding is the tokenizer's (unicode61, diacritics removed).
    if (folded.length <= 3 || !/^[a-z0-9]+$/.test(folded)) return null;
    const cacheKey = JSON.stringify([search.datasetKey(), folded]);
    let cached = expansions.get(cacheKey);
    if (!cached) {
      const upper = folded.slice(0, -1) + String.fromCharCode(folded.charCodeAt(folded.length - 1) + 1);
      const found = prepared(
        'SELECT term FROM parcels_fts_terms WHERE term >= ? AND term < ? ORDER BY term LIMIT ?',
      )
        .pluck()
        .all(folded, upper, MAX_PREFIX_TERMS + 1) as string[];
      cached = { terms: found.length > 0 && found.length <= MAX_PREFIX_TERMS ? found : null };
      expansions.set(cacheKey, cached);
    }
    return cached.terms;
  };
  /** The FTS5 expression of the words: each a prefix, or the OR of the terms it expands to. */
  const wordExpression = (words: string[]): string =>
    words
      .map((word) => {
        const expanded = prefixTerms(word);
        return expanded ? `(${expanded.map((term) => `"${term}"`).join(' OR ')})` : `"${word}"*`;
      })
      .join(' AND ');

  /**
   * The text, parcel-number and EGRID part of a query as ids read in id order a chunk at a time (null: the
   * query has none), so a search reads as many as its page and its count cap need, not all its matches.
   */
  // Reading a text part's ids is most of a text search's time (FTS5: ~0.2 µs an id, and a chunk after the
  // first seeks from the doclist's start); the next page or the next user with the same text reads them
  // from memory instead, keyed by the statement and its parameters (so by the folded, expanded text).
  const memo = createCandidateMemo();
  const candidateSource = (query: ParcelQuery): CandidateSource | null => {
    const terms = query.text ? textTerms(query.text) : null;
    const fts = terms?.fts ? wordExpression(terms.words) : null;
    if (terms && fts && !terms.egrids.length && !terms.numbers.length && !query.prcNo && !query.prcId) {
      // Words only: the FTS index alone gives the ids in id order (one-letter prefixes have their own
      // prefix index, migration 023).
      const words = prepared(
        `SELECT group_concat(rowid) FROM (
           SELECT rowid FROM parcels_fts WHERE parcels_fts MATCH ? AND rowid > ? AND rowid <= ? ORDER BY rowid LIMIT ?)`,
      ).pluck();
      return memo.source(search.datasetKey(), JSON.stringify(['fts', fts]), (after, to, limit) =>
        idList(words.get(fts, after, to, limit) as string | null),
      );
    }
    if (!query.text && !query.prcNo && !query.prcId) return null;
    const sql = parcelWhere(
      { text: query.text, prcNo: query.prcNo, prcId: query.prcId, excludeRoads: false },
      { isPostcode },
    );
    const conditions = [...sql.conditions, 'p.id > ?', 'p.id <= ?'].join(' AND ');
    const statement = `SELECT group_concat(id) FROM (SELECT p.id FROM parcels p WHERE ${conditions} ORDER BY p.id LIMIT ?)`;
    const rows = prepared(statement).pluck();
    return memo.source(search.datasetKey(), JSON.stringify([statement, sql.params]), (after, to, limit) =>
      idList(rows.get(...sql.params, after, to, limit) as string | null),
    );
  };

  const indexSource = sqliteFilterIndexSource(db);
  const search = createParcelSearch(
    {
      ...indexSource,
      candidateSource,
      // One statement for every page (the ids as one JSON parameter): preparing it per search cost ~1.5 ms.
      parcelRows: (ids) =>
        prepared(`SELECT ${PARCEL_COLUMNS} FROM parcels p ${PARCEL_JOINS} WHERE p.id IN ${IN_JSON_LIST}`).all(
          JSON.stringify(ids),
        ) as ParcelRow[],
      originCounts: () =>
        prepared('SELECT origin, COUNT(*) AS n FROM parcels GROUP BY origin').all() as {
          origin: string;
          n: number;
        }[],
    },
    totalCap,
    sharedIndex,
  );

  const rowsOf = (ids: readonly number[]) =>
    prepared(`SELECT ${PARCEL_COLUMNS} FROM parcels p ${PARCEL_JOINS} WHERE p.id IN ${IN_JSON_LIST}`).all(
      JSON.stringify(ids),
    ) as ParcelRow[];

  const repository: Synchronous<ParcelRepository> = {
    // The mark alone, not the index: every tile asks the version, and after an import the index is built
    // by the first search (on a thread of its own where the workers search, ADR 038), not by a tile.
    hasDataset() {
      return indexSource.datasetKey() !== '';
    },
    datasetVersion() {
      return indexSource.datasetKey();
    },
    cantons() {
      return (
        prepared('SELECT bfs, code, name, url_oreb FROM cantons ORDER BY code').all() as CantonRow[]
      ).map(toCanton);
    },
    cantonByCode(code) {
      const row = prepared('SELECT bfs, code, name, url_oreb FROM cantons WHERE code = ?').get(code) as
        CantonRow | undefined;
      return row ? toCanton(row) : null;
    },
    findCantons(q, limit) {
      const rows = prepared(
        `SELECT bfs, code, name, url_oreb FROM cantons
         WHERE fold(code) LIKE ? ESCAPE '\\' OR fold(name) LIKE ? ESCAPE '\\' OR fold(names) LIKE ? ESCAPE '\\'
         ORDER BY code LIMIT ?`,
      ).all(like(q), like(q), like(q), limit) as CantonRow[];
      return rows.map(toCanton);
    },
    thermals(q, canton, limit) {
      const rows = prepared(
        `SELECT code, canton, lang FROM thermals WHERE (? IS NULL OR canton = ?)
         AND (fold(code) LIKE ? ESCAPE '\\' OR fold(lang) LIKE ? ESCAPE '\\') ORDER BY canton, code LIMIT ?`,
      ).all(canton ?? null, canton ?? null, like(q), like(q), limit) as {
        code: string;
        canton: string;
        lang: string;
      }[];
      return rows.map(toThermal);
    },
    locationNames(q, canton, limit) {
      return prepared(
        `SELECT name AS code, canton FROM municipalities WHERE (? IS NULL OR canton = ?)
         AND fold(name) LIKE ? ESCAPE '\\' ORDER BY name LIMIT ?`,
      ).all(canton ?? null, canton ?? null, like(q), limit) as { code: string; canton: string }[];
    },
    alphas(q, varname, canton, limit) {
      const rows = prepared(
        `SELECT code, canton, varname, lang FROM alphas WHERE (? IS NULL OR canton = ?) AND (? IS NULL OR varname = ?)
         AND (fold(code) LIKE ? ESCAPE '\\' OR fold(lang) LIKE ? ESCAPE '\\') ORDER BY canton, varname, code LIMIT ?`,
      ).all(canton ?? null, canton ?? null, varname ?? null, varname ?? null, like(q), like(q), limit) as {
        code: string;
        canton: string;
        varname: string;
        lang: string;
      }[];
      return rows.map(toAlpha);
    },
    streets(q, canton, locnames, limit) {
      const inNames = locnames.length > 0 ? JSON.stringify(locnames) : null;
      const rows = prepared(
        `SELECT id, name, canton, locname FROM streets WHERE (? IS NULL OR canton = ?)
         AND (? IS NULL OR locname IN ${IN_JSON_LIST})
         AND fold(name) LIKE ? ESCAPE '\\' ORDER BY name, locname LIMIT ?`,
      ).all(canton ?? null, canton ?? null, inNames, inNames, like(q), limit) as {
        id: number;
        name: string;
        canton: string;
        locname: string;
      }[];
      return rows.map(toStreet);
    },
    cantonsWithData() {
      return prepared('SELECT DISTINCT canton FROM municipalities WHERE parcel_count > 0 ORDER BY canton')
        .pluck()
        .all() as string[];
    },
    search: (query, paging, ranking) => search.search(query, paging, ranking),
    parcel(prcId) {
      const row = prepared(`SELECT ${PARCEL_COLUMNS} FROM parcels p ${PARCEL_JOINS} WHERE p.prc_id = ?`).get(
        prcId,
      ) as ParcelRow | undefined;
      if (!row) return null;
      const buildings = prepared('SELECT * FROM buildings WHERE parcel_id = ? ORDER BY id').all(
        row.id,
      ) as BuildingRow[];
      const canton = repository.cantonByCode(row.canton) as Canton;
      return { parcel: rowToParcel(row), objects: buildings.map(rowToBuilding), canton };
    },
    parcelsByRowIds(ids) {
      return inRowIdOrder(ids, rowsOf(ids)).map(rowToParcel);
    },
    searchRowIds(query, paging) {
      const { total, exact, matched, pageIds } = search.searchPage(query, paging);
      return { total, exact, matched, ids: pageIds };
    },
    parcelFeatures(ids, crs) {
      // The page as one blob in the order of the ids (json_each's key): no value per column and row.
      const packed = prepared(
        `SELECT ${packedFeaturesSql('j.key')} FROM json_each(?) j JOIN parcels p ON p.id = j.value ${PARCEL_JOINS}`,
      )
        .pluck()
        .get(JSON.stringify(ids)) as Buffer | null;
      return packedFeaturesText(
        packed,
        crs,
        (id) =>
          prepared(`SELECT ${PARCEL_FEATURE_COLUMNS} FROM parcels p ${PARCEL_JOINS} WHERE p.id = ?`)
            .raw(true)
            .get(id) as ParcelFeatureRow | undefined,
      );
    },
    tileParcels(box, query, limit, form = 'tile') {
      const [survey, geometry] = outlineSql('p', form);
      const packed = prepared(
        `SELECT CAST(group_concat(row, '') AS BLOB) FROM (
           SELECT ${packedRowSql('p.id', ['p.prc_id', 'p.prc_no', 'p.typ', 'p.ind', "coalesce(p.reserve, '')", ...survey], geometry)} AS row
           FROM parcels_rtree r JOIN parcels p ON p.id = r.id
           WHERE r.min_x <= ? AND r.max_x >= ? AND r.min_y <= ? AND r.max_y >= ? LIMIT ?)`,
      )
        .pluck()
        .get(box.maxX, box.minX, box.maxY, box.minY, limit) as Uint8Array | null;
      const batch = readTileFeatureBatch(outlineKeys(PARCEL_TILE_KEYS, form), packed);
      return query ? keepFeatures(batch, search.matcher(query)) : batch;
    },
    tileBuildings(box, limit, form = 'tile') {
      const packed = prepared(
        `${packedBuildingsSql(form)}
           FROM buildings_rtree r JOIN buildings b ON b.id = r.id
           LEFT JOIN building_roofs o ON o.building_id = b.id
           WHERE r.min_x <= ? AND r.max_x >= ? AND r.min_y <= ? AND r.max_y >= ? LIMIT ?)`,
      )
        .pluck()
        .get(box.maxX, box.minX, box.maxY, box.minY, limit) as Uint8Array | null;
      return readTileFeatureBatch(outlineKeys(BUILDING_TILE_KEYS, form), packed);
    },
    buildingByObjectId(objId) {
      const packed = prepared(
        `${packedBuildingsSql('tile')}
           FROM buildings b LEFT JOIN building_roofs o ON o.building_id = b.id WHERE b.obj_id = ?)`,
      )
        .pluck()
        .get(objId) as Uint8Array | null;
      return readTileFeatureBatch(BUILDING_TILE_KEYS, packed);
    },
    dataQuality: () => search.dataQuality(),
  };
  return repository;
}
