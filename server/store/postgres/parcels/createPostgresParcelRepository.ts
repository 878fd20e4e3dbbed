import type { Synchronous } from '../../unitOfWork/Synchronous';
import { TOTAL_HITS_CAP } from '../../../../src/contract/SearchParameters';
import type { Canton } from '../../../../src/contract/Parcel';
import { createParcelSearch, type MunicipalityExtentRow } from '../../parcels/createParcelSearch';
import type { CandidateSource } from '../../parcels/ParcelFilterIndex';
import type { ParcelQuery } from '../../parcels/ParcelQuery';
import { BUILDING_TILE_KEYS, PARCEL_TILE_KEYS, type ParcelRepository } from '../../parcels/ParcelRepository';
import type { BuildingRow, ParcelRow } from '../../parcels/ParcelRow';
import type { ParcelRepositoryOptions } from '../../parcels/createSqliteParcelRepository';
import { rowToBuilding, rowToParcel } from '../../parcels/rowToParcel';
import { keepFeatures, readTileFeatureBatch } from '../../parcels/tileFeatureBatch';
import {
  containsPattern as like,
  toAlpha,
  toCanton,
  toStreet,
  toThermal,
  type CantonRow,
} from '../../parcels/lookupRows';
import type { PostgresConnection } from '../PostgresConnection';
import { toTextArray } from '../textArray';
import { watchDatasetVersion } from '../datasetVersion/watchDatasetVersion';
import { readPostgresFilterColumns, scanPostgresFilterColumns } from './postgresFilterColumns';
import { postgresTextWhere } from './postgresTextWhere';
import { packedRowPostgresSql, sqliteRealText } from './packedRowPostgresSql';

/** The parcels' stored columns (not the box, shape and text index) with the municipality and canton names. */
const PARCEL_SELECT = `SELECT p.id, p.prc_id, p.prc_no, p.canton, p.mun_bfs, p.street, p.house_no, p.zip, p.sur,
  p.typ, p.ind, p.alpha_pri, p.alpha_sec, p.alpha_ter, p.bravo_pri, p.grn_trm, p.grn_rad, p.pro_bun, p.obj_count,
  p.freeway, p.putra, p.lv95_x, p.lv95_y, p.lon, p.lat, p.geom, p.themes, p.origin,
  m.name AS locname, c.name AS canton_name, c.names AS canton_names
  FROM parcels p JOIN municipalities m ON m.bfs = p.mun_bfs JOIN cantons c ON c.code = p.canton`;

/** Lookups compare folded text: lower case without accents (the unaccent extension), as SQLite's fold(). */
const folded = (column: string) => `lower(unaccent(${column}))`;
/** SQLite sorts text by its bytes; PostgreSQL's "C" collation does the same (not the database's locale). */
const BYTES = 'COLLATE "C"';
/** `LIMIT $n` where −1 means no limit, as in SQLite. */
const limit = (n: number) => `LIMIT CASE WHEN $${n}::int < 0 THEN NULL ELSE $${n}::int END`;
const tileBox = 'ST_MakeEnvelope($1, $2, $3, $4, 3857)';

/**
 * The parcel dataset over PostgreSQL/PostGIS (ADR 021e), answering as createSqliteParcelRepository does:
 * the same in-memory filter index (fed from PostgreSQL), text candidates from the `text_search` tsvector,
 * tiles from the GiST index on `box`, packed as tileFeatureBatch reads them.
 */
export function createPostgresParcelRepository(
  db: PostgresConnection,
  { totalCap = TOTAL_HITS_CAP }: Pick<ParcelRepositoryOptions, 'totalCap'> = {},
): Synchronous<ParcelRepository> {
  const isPostcode = (code: string) =>
    db.one('SELECT 1 FROM parcels WHERE zip = $1 LIMIT 1', [code]) !== null;

  /** The text, parcel-number and EGRID part of a query as ids in id order, a chunk at a time. */
  const candidateSource = (query: ParcelQuery): CandidateSource | null => {
    if (!query.text && !query.prcNo && !query.prcId) return null;
    const { conditions, params } = postgresTextWhere(query, isPostcode);
    const n = params.length;
    const sql = `SELECT p.id FROM parcels p WHERE ${[...conditions, `p.id > $${n + 1}::bigint`, `p.id <= $${n + 2}::bigint`].join(' AND ')}
      ORDER BY p.id ${limit(n + 3)}`;
    return (after, to, count) =>
      db.query<{ id: number }>(sql, [...params, after, to, count]).map((row) => row.id);
  };

  const search = createParcelSearch(
    {
      // Read again only when the meta trigger notified a change (ADR 021f): no round trip per request.
      datasetKey: watchDatasetVersion(db),
      municipalities: () =>
        db.query<MunicipalityExtentRow>(
          `SELECT m.bfs, m.name, m.lon, m.lat, e.w, e.s, e.e, e.n FROM municipalities m LEFT JOIN (
             SELECT mun_bfs AS bfs, min(lon) AS w, min(lat) AS s, max(lon) AS e, max(lat) AS n
             FROM parcels GROUP BY mun_bfs) e ON e.bfs = m.bfs`,
        ),
      filterColumns: () => readPostgresFilterColumns(db) ?? scanPostgresFilterColumns(db),
      candidateSource,
      parcelRows: (ids) =>
        db.query<ParcelRow>(`${PARCEL_SELECT} WHERE p.id = ANY($1::int[])`, [`{${ids.join(',')}}`]),
      originCounts: () =>
        db.query<{ origin: string; n: number }>('SELECT origin, count(*) AS n FROM parcels GROUP BY origin'),
    },
    totalCap,
  );

  const cantonByCode = (code: string): Canton | null => {
    const row = db.one<CantonRow>('SELECT bfs, code, name, url_oreb FROM cantons WHERE code = $1', [code]);
    return row ? toCanton(row) : null;
  };

  return {
    hasDataset: () => search.datasetKey() !== '',
    datasetVersion: () => search.datasetKey(),
    cantons: () =>
      db
        .query<CantonRow>(`SELECT bfs, code, name, url_oreb FROM cantons ORDER BY code ${BYTES}`)
        .map(toCanton),
    cantonByCode,
    findCantons(q, count) {
      return db
        .query<CantonRow>(
          `SELECT bfs, code, name, url_oreb FROM cantons
           WHERE ${folded('code')} LIKE $1 OR ${folded('name')} LIKE $1 OR ${folded('names')} LIKE $1
           ORDER BY code ${BYTES} LIMIT $2`,
          [like(q), count],
        )
        .map(toCanton);
    },
    thermals(q, canton, count) {
      return db
        .query<{ code: string; canton: string; lang: string }>(
          `SELECT code, canton, lang FROM thermals WHERE ($1::text IS NULL OR canton = $1)
           AND (${folded('code')} LIKE $2 OR ${folded('lang')} LIKE $2) ORDER BY canton ${BYTES}, code ${BYTES} LIMIT $3`,
          [canton ?? null, like(q), count],
        )
        .map(toThermal);
    },
    locationNames(q, canton, count) {
      return db.query<{ code: string; canton: string }>(
        `SELECT name AS code, canton FROM municipalities WHERE ($1::text IS NULL OR canton = $1)
         AND ${folded('name')} LIKE $2 ORDER BY name ${BYTES} LIMIT $3`,
        [canton ?? null, like(q), count],
      );
    },
    alphas(q, varname, canton, count) {
      return db
        .query<{ code: string; canton: string; varname: string; lang: string }>(
          `SELECT code, canton, varname, lang FROM alphas WHERE ($1::text IS NULL OR canton = $1)
           AND ($2::text IS NULL OR varname = $2) AND (${folded('code')} LIKE $3 OR ${folded('lang')} LIKE $3)
           ORDER BY canton ${BYTES}, varname ${BYTES}, code ${BYTES} LIMIT $4`,
          [canton ?? null, varname ?? null, like(q), count],
        )
        .map(toAlpha);
    },
    streets(q, canton, locnames, count) {
      return db
        .query<{ id: number; name: string; canton: string; locname: string }>(
          `SELECT id, name, canton, locname FROM streets WHERE ($1::text IS NULL OR canton = $1)
           AND ($2::text[] IS NULL OR locname = ANY($2::text[])) AND ${folded('name')} LIKE $3
           ORDER BY name ${BYTES}, locname ${BYTES} LIMIT $4`,
          [canton ?? null, locnames.length > 0 ? toTextArray(locnames) : null, like(q), count],
        )
        .map(toStreet);
    },
    cantonsWithData: () =>
      db
        .query<{ canton: string }>(
          `SELECT DISTINCT canton FROM municipalities WHERE parcel_count > 0 ORDER BY 1`,
        )
        .map((row) => row.canton),
    search: (query, paging, ranking) => search.search(query, paging, ranking),
    parcel(prcId) {
      const row = db.one<ParcelRow>(`${PARCEL_SELECT} WHERE p.prc_id = $1`, [prcId]);
      if (!row) return null;
      const buildings = db.query<BuildingRow>(
        'SELECT id, obj_id, parcel_id, typ, pro, lon, lat, attrs, geom, origin FROM buildings WHERE parcel_id = $1 ORDER BY id',
        [row.id],
      );
      return {
        parcel: rowToParcel(row),
        objects: buildings.map(rowToBuilding),
        canton: cantonByCode(row.canton) as Canton,
      };
    },
    tileParcels(box, query, count) {
      const packed = db.one<{ packed: Buffer | null }>(
        `SELECT string_agg(row, ''::bytea) AS packed FROM (
           SELECT ${packedRowPostgresSql('p.id', ['p.prc_id', 'p.prc_no', 'p.typ', 'p.ind'], 'p.geom')} AS row
           FROM parcels p WHERE p.box && ${tileBox} LIMIT $5) t`,
        [box.minX, box.minY, box.maxX, box.maxY, count],
      )?.packed;
      const batch = readTileFeatureBatch(PARCEL_TILE_KEYS, packed ?? null);
      return query ? keepFeatures(batch, search.matcher(query)) : batch;
    },
    tileBuildings(box, count) {
      const packed = db.one<{ packed: Buffer | null }>(
        `SELECT string_agg(row, ''::bytea) AS packed FROM (
           SELECT ${packedRowPostgresSql(
             'b.id',
             ['b.obj_id', 'b.typ', 'b.pro', sqliteRealText('o.height'), 'coalesce(o.solar_class, 0)::text'],
             'b.geom',
           )} AS row
           FROM buildings b LEFT JOIN building_roofs o ON o.building_id = b.id
           WHERE b.box && ${tileBox} LIMIT $5) t`,
        [box.minX, box.minY, box.maxX, box.maxY, count],
      )?.packed;
      return readTileFeatureBatch(BUILDING_TILE_KEYS, packed ?? null);
    },
    dataQuality: () => search.dataQuality(),
  };
}
