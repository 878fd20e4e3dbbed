import { LRUCache } from 'lru-cache';
import { TOTAL_HITS_CAP } from '../../../../src/contract/SearchParameters';
import type { Canton } from '../../../../src/contract/Parcel';
import {
  createParcelSearch,
  withPageRows,
  type MunicipalityExtentRow,
  type ParcelSearchSource,
} from '../../contract/parcels/createParcelSearch';
import type { FilterColumns } from '../../contract/parcels/FilterColumns';
import type { ParcelQuery } from '../../contract/parcels/ParcelQuery';
import {
  BUILDING_TILE_KEYS,
  outlineKeys,
  PARCEL_TILE_KEYS,
  type OutlineForm,
  type ParcelRepository,
} from '../../contract/parcels/ParcelRepository';
import type { BuildingRow, ParcelRow } from '../../contract/parcels/ParcelRow';
import type { ParcelRepositoryOptions } from '../../contract/parcels/ParcelRepository';
import { buildSharedFilterIndex, type SharedFilterIndex } from '../../contract/parcels/SharedFilterIndex';
import { inRowIdOrder, rowToBuilding, rowToParcel } from '../../contract/parcels/rowToParcel';
import { parcelFeatureRow, parcelFeaturesText } from '../../contract/parcels/parcelFeatureJson';
import { keepFeatures, readTileFeatureBatch } from '../../contract/parcels/tileFeatureBatch';
import {
  containsPattern as like,
  toAlpha,
  toCanton,
  toStreet,
  toThermal,
  type CantonRow,
} from '../../contract/parcels/lookupRows';
import type { PostgresConnection } from '../PostgresConnection';
import { toTextArray } from '../textArray';
import { watchDatasetVersion, type DatasetVersionWatch } from '../datasetVersion/watchDatasetVersion';
import { readPostgresFilterColumns, scanPostgresFilterColumns } from './postgresFilterColumns';
import { postgresTextWhere } from './postgresTextWhere';
import { firstAbove } from '../../contract/parcels/candidateMemo';
import { packedRowPostgresSql, sqliteRealText } from './packedRowPostgresSql';

/** The parcels' stored columns (not the box, shape and text index) with the municipality and canton names. */
const PARCEL_SELECT = `SELECT p.id, p.prc_id, p.prc_no, p.canton, p.mun_bfs, p.street, p.house_no, p.zip, p.sur,
  p.typ, p.ind, p.alpha_pri, p.alpha_sec, p.alpha_ter, p.bravo_pri, p.grn_trm, p.grn_rad, p.pro_bun, p.obj_count,
  p.freeway, p.putra, p.utilisation, p.reserve, p.lv95_x, p.lv95_y, p.lon, p.lat, p.geom, p.geom_lv95, p.themes, p.origin,
  m.name AS locname, c.name AS canton_name, c.names AS canton_names
  FROM parcels p JOIN municipalities m ON m.bfs = p.mun_bfs JOIN cantons c ON c.code = p.canton`;

/** Lookups compare folded text: lower case without accents (the unaccent extension), as SQLite's fold(). */
const folded = (column: string) => `lower(unaccent(${column}))`;
/** SQLite sorts text by its bytes; PostgreSQL's "C" collation does the same (not the database's locale). */
const BYTES = 'COLLATE "C"';
const tileBox = 'ST_MakeEnvelope($1, $2, $3, $4, 3857)';

/** What the in-memory search was built from, for one dataset version. */
interface LoadedDataset {
  key: string;
  municipalities: MunicipalityExtentRow[];
  filterColumns: FilterColumns;
  origins?: { origin: string; n: number }[];
  /** The index in shared memory, where the search workers read it (ADR 063); `filterColumns` are its own. */
  shared?: SharedFilterIndex;
}

/**
 * The parcel repository of the server's main thread: `shareSearchIndex` has it build each dataset's filter
 * index in shared memory from then on (ADR 063), and gives what hands that index to the search workers.
 */
export interface PostgresParcelRepository extends ParcelRepository {
  shareSearchIndex(): () => Promise<SharedFilterIndex | null>;
}

/** Candidate ids (ascending) as the filter index reads them: after `after`, up to `to`, at most `limit`. */
function idsSource(ids: readonly number[]) {
  return (after: number, to: number, count: number): number[] => {
    const found: number[] = [];
    for (
      let i = firstAbove(ids, after);
      i < ids.length && ids[i] <= to && (count < 0 || found.length < count);
      i += 1
    )
      found.push(ids[i]);
    return found;
  };
}

const hasTextPart = (query: ParcelQuery) => !!(query.text || query.prcNo || query.prcId);

/**
 * The parcel dataset over PostgreSQL/PostGIS (ADR 050, 023), answering as createSqliteParcelRepository
 * does: the same in-memory filter index (fed from PostgreSQL), text candidates from the `text_search`
 * tsvector, tiles from the GiST index on `box`, packed as tileFeatureBatch reads them. The shared search
 * (createParcelSearch) is synchronous: everything it reads — the dataset's municipalities and filter
 * columns, a query's text candidates — is read first, then it runs without awaiting; a page's rows are
 * read after it.
 */
/** The SURVEY value ('1' or '0', as SQLite prints it) and the geometry a tile batch packs (OutlineForm). */
function outlineSql(alias: string, form: OutlineForm): [string[], string] {
  return form === 'survey'
    ? [[`(${alias}.geom_lv95 IS NOT NULL)::int::text`], `coalesce(${alias}.geom_lv95, ${alias}.geom)`]
    : [[], `${alias}.geom`];
}

/** The start of a query packing buildings (alias b, roofs o) as a tile batch; the caller adds FROM and WHERE. */
function packedBuildingsSql(form: OutlineForm): string {
  const [survey, geometry] = outlineSql('b', form);
  const row = packedRowPostgresSql(
    'b.id',
    ['b.obj_id', 'b.typ', 'b.pro', sqliteRealText('o.height'), 'coalesce(o.solar_class, 0)::text', ...survey],
    geometry,
  );
  return `SELECT string_agg(row, ''::bytea) AS packed FROM (SELECT ${row} AS row`;
}

export function createPostgresParcelRepository(
  db: PostgresConnection,
  { totalCap = TOTAL_HITS_CAP, sharedIndex }: Pick<ParcelRepositoryOptions, 'totalCap' | 'sharedIndex'> = {},
): PostgresParcelRepository {
  const isPostcode = async (code: string) =>
    (await db.one('SELECT 1 FROM parcels WHERE zip = $1 LIMIT 1', [code])) !== null;
  // Read again only when the meta trigger notified a change (ADR 051): no round trip per request. A search
  // worker's repository, handed its dataset by the main thread, listens only once it has to ask itself.
  let watch: DatasetVersionWatch | null = sharedIndex ? null : watchDatasetVersion(db);
  const version = () => (watch ??= watchDatasetVersion(db))();

  // A text part's ids, kept per dataset version: a searched map asks dozens of tiles for the same text.
  const candidateCache = new LRUCache<string, number[]>({
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (ids) => Math.max(1, ids.length),
  });
  /** Every id of the text, parcel-number and EGRID part of a query, in id order. */
  const textCandidates = async (key: string, { text, prcNo, prcId }: ParcelQuery): Promise<number[]> => {
    const cacheKey = JSON.stringify([key, text ?? '', prcNo ?? '', prcId ?? '']);
    const cached = candidateCache.get(cacheKey);
    if (cached) return cached;
    const { conditions, params } = await postgresTextWhere({ text, prcNo, prcId }, isPostcode);
    const sql = `SELECT p.id FROM parcels p WHERE ${conditions.join(' AND ')} ORDER BY p.id`;
    const ids = (await db.query<{ id: number }>(sql, params)).map((row) => row.id);
    candidateCache.set(cacheKey, ids);
    return ids;
  };

  /** Whether each dataset's index is built in shared memory (shareSearchIndex). */
  let sharing = false;
  let loading: { key: string; dataset: Promise<LoadedDataset> } | null = null;
  const load = (key: string): Promise<LoadedDataset> => {
    if (loading?.key !== key) {
      const dataset = (async (): Promise<LoadedDataset> => {
        const municipalities = await db.query<MunicipalityExtentRow>(
          `SELECT m.bfs, m.name, m.lon, m.lat, e.w, e.s, e.e, e.n FROM municipalities m LEFT JOIN (
             SELECT mun_bfs AS bfs, min(lon) AS w, min(lat) AS s, max(lon) AS e, max(lat) AS n
             FROM parcels GROUP BY mun_bfs) e ON e.bfs = m.bfs`,
        );
        const filterColumns = (await readPostgresFilterColumns(db)) ?? (await scanPostgresFilterColumns(db));
        if (!sharing || key === '') return { key, municipalities, filterColumns };
        // Built once here, as the SQLite adapter builds its own: the workers and this thread read these bytes.
        const shared = buildSharedFilterIndex({
          datasetKey: () => key,
          municipalities: () => municipalities,
          filterColumns: () => filterColumns,
        });
        return { key, municipalities, filterColumns: shared.columns, shared };
      })();
      loading = { key, dataset };
      dataset.catch(() => {
        if (loading?.dataset === dataset) loading = null;
      });
    }
    return loading.dataset;
  };

  /** A search worker's dataset is the index the main thread handed it; one object per index. */
  const givenDatasets = new WeakMap<SharedFilterIndex, LoadedDataset>();
  const currentDataset = async (): Promise<LoadedDataset> => {
    const given = sharedIndex?.() ?? null;
    if (!given) return load(await version());
    let dataset = givenDatasets.get(given);
    if (!dataset) {
      const { key, municipalities, columns } = given;
      dataset = { key, municipalities, filterColumns: columns, shared: given };
      givenDatasets.set(given, dataset);
    }
    return dataset;
  };

  /** What the next synchronous call of the search reads: set right before it, with no await between. */
  let current: { dataset: LoadedDataset; candidates: number[] | null } | null = null;
  const prepared = (): NonNullable<typeof current> => {
    if (!current) throw new Error('The parcel search ran before its data was read');
    return current;
  };
  const source: ParcelSearchSource = {
    datasetKey: () => prepared().dataset.key,
    municipalities: () => prepared().dataset.municipalities,
    filterColumns: () => prepared().dataset.filterColumns,
    candidateSource: (query) => {
      if (!hasTextPart(query)) return null;
      const { candidates } = prepared();
      if (!candidates) throw new Error('The text candidates were not read before the search');
      return idsSource(candidates);
    },
    parcelRows: () => {
      throw new Error('Rows are read after the search (withPageRows)');
    },
    originCounts: () => prepared().dataset.origins ?? [],
  };
  const search = createParcelSearch(source, totalCap, () => prepared().dataset.shared ?? null);

  /** Reads what a synchronous search call needs, then runs it. */
  const withSearch = async <T>(query: ParcelQuery | null, run: () => T): Promise<T> => {
    const dataset = await currentDataset();
    const candidates = query && hasTextPart(query) ? await textCandidates(dataset.key, query) : null;
    current = { dataset, candidates };
    try {
      return run();
    } finally {
      current = null;
    }
  };

  const rowsOf = async (ids: readonly number[]) =>
    ids.length === 0
      ? []
      : await db.query<ParcelRow>(`${PARCEL_SELECT} WHERE p.id = ANY($1::int[])`, [`{${ids.join(',')}}`]);

  const cantonByCode = async (code: string): Promise<Canton | null> => {
    const row = await db.one<CantonRow>('SELECT bfs, code, name, url_oreb FROM cantons WHERE code = $1', [
      code,
    ]);
    return row ? toCanton(row) : null;
  };

  return {
    hasDataset: async () => (await version()) !== '',
    datasetVersion: () => version(),
    cantons: async () =>
      (await db.query<CantonRow>(`SELECT bfs, code, name, url_oreb FROM cantons ORDER BY code ${BYTES}`)).map(
        toCanton,
      ),
    cantonByCode,
    findCantons: async (q, count) =>
      (
        await db.query<CantonRow>(
          `SELECT bfs, code, name, url_oreb FROM cantons
           WHERE ${folded('code')} LIKE $1 OR ${folded('name')} LIKE $1 OR ${folded('names')} LIKE $1
           ORDER BY code ${BYTES} LIMIT $2`,
          [like(q), count],
        )
      ).map(toCanton),
    thermals: async (q, canton, count) =>
      (
        await db.query<{ code: string; canton: string; lang: string }>(
          `SELECT code, canton, lang FROM thermals WHERE ($1::text IS NULL OR canton = $1)
           AND (${folded('code')} LIKE $2 OR ${folded('lang')} LIKE $2) ORDER BY canton ${BYTES}, code ${BYTES} LIMIT $3`,
          [canton ?? null, like(q), count],
        )
      ).map(toThermal),
    locationNames: (q, canton, count) =>
      db.query<{ code: string; canton: string }>(
        `SELECT name AS code, canton FROM municipalities WHERE ($1::text IS NULL OR canton = $1)
         AND ${folded('name')} LIKE $2 ORDER BY name ${BYTES} LIMIT $3`,
        [canton ?? null, like(q), count],
      ),
    alphas: async (q, varname, canton, count) =>
      (
        await db.query<{ code: string; canton: string; varname: string; lang: string }>(
          `SELECT code, canton, varname, lang FROM alphas WHERE ($1::text IS NULL OR canton = $1)
           AND ($2::text IS NULL OR varname = $2) AND (${folded('code')} LIKE $3 OR ${folded('lang')} LIKE $3)
           ORDER BY canton ${BYTES}, varname ${BYTES}, code ${BYTES} LIMIT $4`,
          [canton ?? null, varname ?? null, like(q), count],
        )
      ).map(toAlpha),
    streets: async (q, canton, locnames, count) =>
      (
        await db.query<{ id: number; name: string; canton: string; locname: string }>(
          `SELECT id, name, canton, locname FROM streets WHERE ($1::text IS NULL OR canton = $1)
           AND ($2::text[] IS NULL OR locname = ANY($2::text[])) AND ${folded('name')} LIKE $3
           ORDER BY name ${BYTES}, locname ${BYTES} LIMIT $4`,
          [canton ?? null, locnames.length > 0 ? toTextArray(locnames) : null, like(q), count],
        )
      ).map(toStreet),
    cantonsWithData: async () =>
      (
        await db.query<{ canton: string }>(
          `SELECT DISTINCT canton FROM municipalities WHERE parcel_count > 0 ORDER BY 1`,
        )
      ).map((row) => row.canton),
    async search(query, paging, ranking) {
      const page = await withSearch(query, () => search.searchPage(query, paging, ranking));
      const rows =
        page.pageIds.length === 0
          ? []
          : await db.query<ParcelRow>(`${PARCEL_SELECT} WHERE p.id = ANY($1::int[])`, [
              `{${page.pageIds.join(',')}}`,
            ]);
      return withPageRows(page, rows);
    },
    async parcelsByRowIds(ids) {
      return inRowIdOrder(ids, await rowsOf(ids)).map(rowToParcel);
    },
    async searchRowIds(query, paging) {
      const { total, exact, matched, pageIds } = await withSearch(query, () =>
        search.searchPage(query, paging),
      );
      return { total, exact, matched, ids: pageIds };
    },
    async parcelFeatures(ids, crs) {
      return parcelFeaturesText(inRowIdOrder(ids, await rowsOf(ids)).map(parcelFeatureRow), crs);
    },
    async parcel(prcId) {
      const row = await db.one<ParcelRow>(`${PARCEL_SELECT} WHERE p.prc_id = $1`, [prcId]);
      if (!row) return null;
      const [buildings, canton] = await Promise.all([
        db.query<BuildingRow>(
          'SELECT id, obj_id, parcel_id, typ, pro, lon, lat, attrs, geom, geom_lv95, origin FROM buildings WHERE parcel_id = $1 ORDER BY id',
          [row.id],
        ),
        cantonByCode(row.canton),
      ]);
      return { parcel: rowToParcel(row), objects: buildings.map(rowToBuilding), canton: canton as Canton };
    },
    async tileParcels(box, query, count, form = 'tile') {
      const [survey, geometry] = outlineSql('p', form);
      const packed = (
        await db.one<{ packed: Buffer | null }>(
          `SELECT string_agg(row, ''::bytea) AS packed FROM (
           SELECT ${packedRowPostgresSql('p.id', ['p.prc_id', 'p.prc_no', 'p.typ', 'p.ind', "coalesce(p.reserve::text, '')", ...survey], geometry)} AS row
           FROM parcels p WHERE p.box && ${tileBox} LIMIT $5) t`,
          [box.minX, box.minY, box.maxX, box.maxY, count],
        )
      )?.packed;
      const batch = readTileFeatureBatch(outlineKeys(PARCEL_TILE_KEYS, form), packed ?? null);
      return query ? withSearch(query, () => keepFeatures(batch, search.matcher(query))) : batch;
    },
    async tileBuildings(box, count, form = 'tile') {
      const packed = (
        await db.one<{ packed: Buffer | null }>(
          `${packedBuildingsSql(form)}
           FROM buildings b LEFT JOIN building_roofs o ON o.building_id = b.id
           WHERE b.box && ${tileBox} LIMIT $5) t`,
          [box.minX, box.minY, box.maxX, box.maxY, count],
        )
      )?.packed;
      return readTileFeatureBatch(outlineKeys(BUILDING_TILE_KEYS, form), packed ?? null);
    },
    async buildingByObjectId(objId) {
      const packed = (
        await db.one<{ packed: Buffer | null }>(
          `${packedBuildingsSql('tile')}
           FROM buildings b LEFT JOIN building_roofs o ON o.building_id = b.id WHERE b.obj_id = $1) t`,
          [objId],
        )
      )?.packed;
      return readTileFeatureBatch(BUILDING_TILE_KEYS, packed ?? null);
    },
    async dataQuality() {
      const dataset = await currentDataset();
      // A scan of the origin column (~0.3 s for the whole country), once per build.
      dataset.origins ??= await db.query<{ origin: string; n: number }>(
        'SELECT origin, count(*) AS n FROM parcels GROUP BY origin',
      );
      return withSearch(null, () => search.dataQuality());
    },
    shareSearchIndex() {
      if (!sharing) {
        sharing = true;
        // A dataset read before now has no index in shared memory: the next ask reads it again.
        loading = null;
      }
      return async () => {
        const key = await version();
        return key === '' ? null : ((await load(key)).shared ?? null);
      };
    },
  };
}
