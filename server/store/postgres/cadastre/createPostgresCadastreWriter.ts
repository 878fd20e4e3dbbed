import { ringsBox } from '../../../geo/ring';
import type { CadastreWriter, ImportRecord } from '../../contract/parcels/CadastreWriter';
import { FACTS_COLUMNS, factsAtPoint, type FactsRow } from '../../contract/parcels/cadastreWriting';
import { encodeParts } from '../../contract/parcels/geometryCodec';
import { encodeSurveyGeometry } from '../../contract/parcels/surveyGeometryCodec';
import {
  ftsAddress,
  PARCEL_COLUMN_COUNT,
  PARCEL_COLUMNS,
  parcelColumns,
} from '../../contract/parcels/parcelInsert';
import type { PostgresConnection } from '../PostgresConnection';
import type { Asynchronous } from '../../contract/unitOfWork/Synchronous';
import { mercatorAreaEwkbHex } from '../parcels/mercatorWkb';
import { parcelTextVector } from '../parcels/parcelTextSearch';
import { savePostgresFilterColumns, scanPostgresFilterColumns } from '../parcels/postgresFilterColumns';
import { toTextArray } from '../textArray';
import { markImportChanged } from './postgresImportMeta';

/**
 * Any fixed number: the advisory lock that makes imports from several instances (or an instance and the
 * CLI) replace municipalities one after another, so the row ids they continue from never clash.
 */
export const IMPORT_LOCK = 21_018;

/**
 * id, the parcel columns with the encoded geometry, the survey form, then the box, the PostGIS shape and
 * the text index.
 */
const INSERT_PARCEL = `INSERT INTO parcels (id, ${PARCEL_COLUMNS}, geom_lv95, box, shape, text_search) VALUES (${Array.from(
  { length: PARCEL_COLUMN_COUNT + 3 },
  (_, i) => `$${i + 1}`,
).join(', ')}, ST_MakeEnvelope($${PARCEL_COLUMN_COUNT + 4}, $${PARCEL_COLUMN_COUNT + 5}, $${
  PARCEL_COLUMN_COUNT + 6
}, $${PARCEL_COLUMN_COUNT + 7}, 3857), $${PARCEL_COLUMN_COUNT + 8}::geometry, $${PARCEL_COLUMN_COUNT + 9}::tsvector)`;

/**
 * The cadastre importer's writer over PostgreSQL (the same contract as createSqliteCadastreWriter): each
 * municipality replaced in one transaction — its parcels, their buildings and roofs, its streets, its row —
 * with the import's record and a new build id in the same transaction; `finish` saves the search columns.
 * The meta row's trigger (migration 80) tells every instance at commit, so none serves the old parcels
 * from its search structures or tile cache.
 */
export function createPostgresCadastreWriter(db: PostgresConnection): Asynchronous<CadastreWriter> {
  const nextId = async (table: 'parcels' | 'streets') =>
    (await db.one<{ id: number }>(`SELECT coalesce(max(id), 0) + 1 AS id FROM ${table}`))?.id ?? 1;

  const markChanged = (record: ImportRecord) => markImportChanged(db, record);

  return {
    async factsAt(x, y) {
      const rows = await db.query<FactsRow>(
        `SELECT ${FACTS_COLUMNS} FROM parcels p WHERE p.box && ST_MakeEnvelope($1, $2, $1, $2, 3857)`,
        [x, y],
      );
      return factsAtPoint(rows, x, y);
    },
    async egridsElsewhere(egrids, replaced) {
      const stored = await db.query<{ prc_id: string; mun_bfs: number }>(
        'SELECT prc_id, mun_bfs FROM parcels WHERE prc_id = ANY($1::text[])',
        [toTextArray(egrids)],
      );
      const elsewhere = new Set(stored.filter((row) => !replaced.has(row.mun_bfs)).map((row) => row.prc_id));
      return egrids.filter((egrid) => elsewhere.has(egrid));
    },
    async municipalityZip(bfs) {
      return (
        (await db.one<{ zip: string }>('SELECT zip FROM municipalities WHERE bfs = $1', [bfs]))?.zip ?? null
      );
    },
    async replaceMunicipality(m, record) {
      await db.transaction(async () => {
        await db.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
        await db.run(
          `DELETE FROM building_roofs WHERE building_id IN
             (SELECT b.id FROM buildings b JOIN parcels p ON p.id = b.parcel_id WHERE p.mun_bfs = $1)`,
          [m.bfs],
        );
        await db.run('DELETE FROM buildings WHERE parcel_id IN (SELECT id FROM parcels WHERE mun_bfs = $1)', [
          m.bfs,
        ]);
        await db.run('DELETE FROM parcels WHERE mun_bfs = $1', [m.bfs]);
        await db.run('DELETE FROM streets WHERE mun_bfs = $1', [m.bfs]);
        await db.run(
          `INSERT INTO municipalities (bfs, name, canton, zip, lon, lat, parcel_count, origin)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'official')
           ON CONFLICT (bfs) DO UPDATE SET name = excluded.name, canton = excluded.canton, zip = excluded.zip,
             lon = excluded.lon, lat = excluded.lat, parcel_count = excluded.parcel_count, origin = 'official'`,
          [m.bfs, m.name, m.cantonCode, m.zip, m.centre[0], m.centre[1], m.parcels.length],
        );
        const firstStreet = await nextId('streets');
        for (const [i, street] of m.streets.entries())
          await db.run(
            'INSERT INTO streets (id, name, canton, mun_bfs, locname) VALUES ($1, $2, $3, $4, $5)',
            [firstStreet + i, street, m.cantonCode, m.bfs, m.name],
          );
        const firstParcel = await nextId('parcels');
        for (const [i, parcel] of m.parcels.entries()) {
          const [minX, maxX, minY, maxY] = ringsBox(parcel.parts.flat());
          const text = parcelTextVector([
            ftsAddress(parcel.street, parcel.houseNo),
            parcel.street ?? '',
            m.name,
            parcel.prcNo,
            parcel.prcId,
          ]);
          await db.run(INSERT_PARCEL, [
            firstParcel + i,
            ...parcelColumns({
              canton: m.cantonCode,
              bfs: m.bfs,
              parcel,
              objCount: 0,
              floorArea: 0,
              themes: m.themes[i],
              origin: 'official',
            }),
            encodeParts(parcel.parts),
            encodeSurveyGeometry(parcel.surveyParts),
            minX,
            minY,
            maxX,
            maxY,
            mercatorAreaEwkbHex(parcel.parts),
            text,
          ]);
        }
        // The saved search columns no longer match the rows: a reader scans until finish saves new ones.
        await db.run('DELETE FROM parcel_filter_columns');
        await markChanged(record);
      });
    },
    async finish(record) {
      await savePostgresFilterColumns(db, await scanPostgresFilterColumns(db));
      await db.transaction(async () => markChanged(record));
    },
  };
}
