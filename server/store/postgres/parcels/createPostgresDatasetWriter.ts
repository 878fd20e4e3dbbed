import type { AsyncDatasetWriter, DatasetInfo, MunicipalityRows } from '../../contract/parcels/DatasetWriter';
import { ftsAddress } from '../../contract/parcels/parcelInsert';
import {
  BUILDING_VALUES,
  LAYER_VALUES,
  PARCEL_VALUES,
  rowGeometry,
  rowValues,
} from '../../contract/parcels/municipalityRows';
import { decodeParts } from '../../contract/parcels/geometryCodec';
import type { PostgresConnection } from '../PostgresConnection';
import { createPostgresPriceLevelWriting } from '../reports/createPostgresPriceLevels';
import { mercatorAreaEwkbHex } from './mercatorWkb';
import { parcelTextVector } from './parcelTextSearch';
import { savePostgresFilterColumns, scanPostgresFilterColumns } from './postgresFilterColumns';
import { createUnnestInsert, plainTargets, type UnnestColumn } from './unnestInsert';

const META_KEY = 'dataset';

/** The dataset tables a rebuild empties (cantons included: writeCantons writes them again). */
export const POSTGRES_DATASET_TABLES = [
  'cantons',
  'municipalities',
  'streets',
  'thermals',
  'alphas',
  'parcels',
  'buildings',
  'building_roofs',
  'layer_features',
  'parcel_filter_columns',
  'municipality_price_levels',
] as const;

const STREET_SOURCE: UnnestColumn[] = [
  ['id', 'int'],
  ['name', 'text'],
  ['canton', 'text'],
  ['mun_bfs', 'int'],
  ['locname', 'text'],
];

/** The parcel values of a packed row (parcelInsert's PARCEL_COLUMNS order), then the box. */
const PARCEL_SOURCE: UnnestColumn[] = [
  ['prc_id', 'text'],
  ['prc_no', 'text'],
  ['canton', 'text'],
  ['mun_bfs', 'int'],
  ['street', 'text'],
  ['house_no', 'text'],
  ['zip', 'text'],
  ['sur', 'int'],
  ['typ', 'text'],
  ['ind', 'text'],
  ['alpha_pri', 'text'],
  ['alpha_sec', 'text'],
  ['alpha_ter', 'text'],
  ['bravo_pri', 'text'],
  ['grn_trm', 'text'],
  ['grn_rad', 'int'],
  ['pro_bun', 'int'],
  ['obj_count', 'int'],
  ['freeway', 'int'],
  ['putra', 'int'],
  ['lv95_x', 'float8'],
  ['lv95_y', 'float8'],
  ['lon', 'float8'],
  ['lat', 'float8'],
  ['themes', 'text'],
  ['origin', 'text'],
  ['utilisation', 'float8'],
  ['reserve', 'int'],
  ['min_x', 'float8'],
  ['max_x', 'float8'],
  ['min_y', 'float8'],
  ['max_y', 'float8'],
  ['id', 'int'],
  ['geom', 'bytea'],
  ['shape', 'text'],
  ['words', 'text'],
];
const BOX_COLUMNS = ['min_x', 'max_x', 'min_y', 'max_y'];
const BOX = 'ST_MakeEnvelope(u.min_x, u.min_y, u.max_x, u.max_y, 3857)';

/** Where a packed parcel row's text columns are (parcelInsert's column order). */
const PRC_ID = 0;
const PRC_NO = 1;
const STREET = 4;
const HOUSE_NO = 5;

const BUILDING_SOURCE: UnnestColumn[] = [
  ['obj_id', 'text'],
  ['parcel_id', 'int'],
  ['typ', 'text'],
  ['pro', 'text'],
  ['lon', 'float8'],
  ['lat', 'float8'],
  ['attrs', 'text'],
  ['min_x', 'float8'],
  ['max_x', 'float8'],
  ['min_y', 'float8'],
  ['max_y', 'float8'],
  ['id', 'int'],
  ['geom', 'bytea'],
];
const ROOF_SOURCE: UnnestColumn[] = [
  ['height', 'float8'],
  ['roof_area', 'int'],
  ['orientation', 'int'],
  ['solar_class', 'int'],
  ['building_id', 'int'],
];
const LAYER_SOURCE: UnnestColumn[] = [
  ['layer', 'text'],
  ['source_layer', 'text'],
  ['cls', 'text'],
  ['grp', 'text'],
  ['label', 'text'],
  ['kind', 'smallint'],
  ['min_x', 'float8'],
  ['max_x', 'float8'],
  ['min_y', 'float8'],
  ['max_y', 'float8'],
  ['layer_index', 'smallint'],
  ['id', 'int'],
  ['geom', 'bytea'],
];

/**
 * Any fixed number: the advisory lock a dataset build holds for its whole run, so app instances starting
 * together build the dataset once (the others wait for it) and readiness sees a build under way.
 */
export const DATASET_BUILD_LOCK = 21_018;

/**
 * The dataset builder's writer over PostgreSQL (same steps and row ids as createSqliteDatasetWriter, so
 * both adapters answer alike): every table of a municipality in one `unnest` insert per chunk, the
 * municipality in one savepoint of the caller's transaction (or its own transaction). Row ids continue
 * from the largest stored one, as SQLite's rowids do.
 */
export function createPostgresDatasetWriter(db: PostgresConnection): AsyncDatasetWriter {
  const insertParcels = createUnnestInsert(db, 'parcels', PARCEL_SOURCE, {
    ...plainTargets(PARCEL_SOURCE, [...BOX_COLUMNS, 'shape', 'words']),
    box: BOX,
    shape: 'u.shape::geometry',
    text_search: 'u.words::tsvector',
  });
  const insertBuildings = createUnnestInsert(db, 'buildings', BUILDING_SOURCE, {
    ...plainTargets(BUILDING_SOURCE, BOX_COLUMNS),
    box: BOX,
  });
  const insertRoofs = createUnnestInsert(db, 'building_roofs', ROOF_SOURCE, plainTargets(ROOF_SOURCE));
  const insertLayers = createUnnestInsert(db, 'layer_features', LAYER_SOURCE, {
    ...plainTargets(LAYER_SOURCE, BOX_COLUMNS),
    box: BOX,
  });
  const insertStreets = createUnnestInsert(db, 'streets', STREET_SOURCE, plainTargets(STREET_SOURCE));
  const nextId = async (table: string) =>
    (await db.one<{ id: number }>(`SELECT coalesce(max(id), 0) + 1 AS id FROM ${table}`))?.id ?? 1;

  async function writeParcels(m: MunicipalityRows): Promise<number[]> {
    const { parcels } = m;
    const first = await nextId('parcels');
    const ids: number[] = new Array(parcels.count);
    const rows = [];
    for (let i = 0; i < parcels.count; i++) {
      ids[i] = first + i;
      const values = rowValues(parcels, i, 0, PARCEL_VALUES + 4);
      const geom = rowGeometry(parcels, i);
      const street = values[STREET] as string | null;
      const text = parcelTextVector([
        ftsAddress(street, values[HOUSE_NO] as string | null),
        street ?? '',
        m.name,
        String(values[PRC_NO]),
        String(values[PRC_ID]),
      ]);
      rows.push([...values, ids[i], geom, mercatorAreaEwkbHex(decodeParts(geom)), text]);
    }
    await insertParcels(rows);
    return ids;
  }

  async function writeBuildings(m: MunicipalityRows, parcelIds: number[]): Promise<void> {
    const { buildings } = m;
    const first = await nextId('buildings');
    const rows = [];
    const roofs = [];
    for (let i = 0; i < buildings.count; i++) {
      const values = rowValues(buildings, i, 0, buildings.stride);
      values[1] = parcelIds[values[1] as number];
      rows.push([...values.slice(0, BUILDING_VALUES + 4), first + i, rowGeometry(buildings, i)]);
      roofs.push([...values.slice(BUILDING_VALUES + 4), first + i]);
    }
    await insertBuildings(rows);
    await insertRoofs(roofs);
  }

  async function writeLayers(m: MunicipalityRows): Promise<void> {
    const { layers } = m;
    const first = await nextId('layer_features');
    const rows = [];
    for (let i = 0; i < layers.count; i++) {
      const values = rowValues(layers, i, 0, layers.stride);
      rows.push([...values.slice(0, LAYER_VALUES + 5), first + i, rowGeometry(layers, i)]);
    }
    await insertLayers(rows);
  }

  return {
    ...createPostgresPriceLevelWriting(db),
    async clear() {
      await db.transaction(async () => {
        await db.exec(`TRUNCATE ${POSTGRES_DATASET_TABLES.join(', ')}`);
        await db.run('DELETE FROM meta WHERE key = $1', [META_KEY]);
      });
    },
    async writeCantons(cantons) {
      await db.transaction(async () => {
        for (const c of cantons)
          await db.run(
            `INSERT INTO cantons (bfs, code, name, names, language, url_oreb) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (bfs) DO UPDATE SET code = excluded.code, name = excluded.name, names = excluded.names,
               language = excluded.language, url_oreb = excluded.url_oreb`,
            [c.bfs, c.code, c.name, JSON.stringify(c.names), c.language, c.urlOREB],
          );
      });
    },
    async writeLookups({ canton, thermals, alphas }) {
      await db.transaction(async () => {
        for (const t of thermals)
          await db.run(
            `INSERT INTO thermals (canton, code, lang) VALUES ($1, $2, $3)
             ON CONFLICT (canton, code) DO UPDATE SET lang = excluded.lang`,
            [canton, t.code, JSON.stringify(t.lang)],
          );
        for (const { varname, codes } of alphas)
          for (const a of codes)
            await db.run(
              `INSERT INTO alphas (canton, varname, code, lang) VALUES ($1, $2, $3, $4)
               ON CONFLICT (canton, varname, code) DO UPDATE SET lang = excluded.lang`,
              [canton, varname, a.code, JSON.stringify(a.lang)],
            );
      });
    },
    async writeMunicipality(m) {
      await db.transaction(async () => {
        await db.run(
          `INSERT INTO municipalities (bfs, name, canton, zip, lon, lat, parcel_count) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (bfs) DO UPDATE SET name = excluded.name, canton = excluded.canton, zip = excluded.zip,
             lon = excluded.lon, lat = excluded.lat, parcel_count = excluded.parcel_count`,
          [m.bfs, m.name, m.cantonCode, m.zip, m.centre[0], m.centre[1], m.parcels.count],
        );
        const firstStreet = await nextId('streets');
        await insertStreets(
          m.streets.map((street, i) => [firstStreet + i, street, m.cantonCode, m.bfs, m.name]),
        );
        const parcelIds = await writeParcels(m);
        await writeBuildings(m, parcelIds);
        await writeLayers(m);
      });
    },
    async finish(info: DatasetInfo) {
      await db.exec('ANALYZE parcels, buildings, building_roofs, layer_features, municipalities, streets');
      await savePostgresFilterColumns(db, await scanPostgresFilterColumns(db));
      await db.run(
        `INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [META_KEY, JSON.stringify(info)],
      );
    },
    async readInfo() {
      const row = await db.one<{ value: string }>('SELECT value FROM meta WHERE key = $1', [META_KEY]);
      return row ? (JSON.parse(row.value) as DatasetInfo) : null;
    },
  };
}
