import { ringsBox } from '../../../geo/ring';
import {
  officialBuildingValues,
  type BuildingsWriter,
  type ParcelUnderBuilding,
} from '../../contract/parcels/BuildingsWriter';
import {
  PARCEL_RESERVE_COLUMNS,
  parcelBuildingSums,
  type ParcelReserveRow,
} from '../../contract/parcels/parcelBuildingSums';
import { savePostgresFilterColumns, scanPostgresFilterColumns } from '../parcels/postgresFilterColumns';
import type { PostgresConnection } from '../PostgresConnection';
import type { Asynchronous } from '../../contract/unitOfWork/Synchronous';
import { toTextArray } from '../textArray';
import { IMPORT_LOCK } from './createPostgresCadastreWriter';
import { markImportChanged } from './postgresImportMeta';

/**
 * The land-cover importer's buildings writer over PostgreSQL (the same contract as
 * createSqliteBuildingsWriter): each municipality's buildings and roofs replaced in one transaction under
 * the import lock, with its parcels' counts and reserves, the import's record and a new build id.
 */
export function createPostgresBuildingsWriter(db: PostgresConnection): Asynchronous<BuildingsWriter> {
  return {
    async parcelsMeeting([minX, minY, maxX, maxY]) {
      return db.query<ParcelUnderBuilding>(
        `SELECT id, mun_bfs AS "munBfs", street, house_no AS "houseNo", zip, geom FROM parcels
         WHERE box && ST_MakeEnvelope($1, $2, $3, $4, 3857)`,
        [minX, minY, maxX, maxY],
      );
    },
    async objIdsElsewhere(objIds, replaced) {
      const stored = await db.query<{ obj_id: string; mun_bfs: number }>(
        `SELECT b.obj_id, p.mun_bfs FROM buildings b JOIN parcels p ON p.id = b.parcel_id
         WHERE b.obj_id = ANY($1::text[])`,
        [toTextArray(objIds)],
      );
      const elsewhere = new Set(stored.filter((row) => !replaced.has(row.mun_bfs)).map((row) => row.obj_id));
      return objIds.filter((objId) => elsewhere.has(objId));
    },
    async replaceBuildings(bfs, buildings, record) {
      await db.transaction(async () => {
        await db.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
        const old = 'SELECT b.id FROM buildings b JOIN parcels p ON p.id = b.parcel_id WHERE p.mun_bfs = $1';
        await db.run(`DELETE FROM building_roofs WHERE building_id IN (${old})`, [bfs]);
        await db.run(`DELETE FROM buildings WHERE id IN (${old})`, [bfs]);
        const first =
          (await db.one<{ id: number }>('SELECT coalesce(max(id), 0) + 1 AS id FROM buildings'))?.id ?? 1;
        for (const [i, b] of buildings.entries()) {
          const [minX, maxX, minY, maxY] = ringsBox(b.parts.flat());
          await db.run(
            `INSERT INTO buildings (id, obj_id, parcel_id, typ, pro, lon, lat, attrs, geom, geom_lv95, origin, box)
             VALUES ($1, $2, $3, $4, 'none', $5, $6, $7, $8, $9, 'official', ST_MakeEnvelope($10, $11, $12, $13, 3857))`,
            [first + i, ...officialBuildingValues(b), minX, minY, maxX, maxY],
          );
          // No irradiation is known for a surveyed outline: class 0, which the solar layer leaves uncoloured.
          await db.run(
            `INSERT INTO building_roofs (building_id, height, roof_area, orientation, solar_class)
             VALUES ($1, $2, $3, NULL, 0)
             ON CONFLICT (building_id) DO UPDATE SET height = excluded.height, roof_area = excluded.roof_area,
               orientation = NULL, solar_class = 0`,
            [first + i, b.height, b.roofArea],
          );
        }
        const parcels = await db.query<ParcelReserveRow>(
          `SELECT ${PARCEL_RESERVE_COLUMNS} FROM parcels WHERE mun_bfs = $1`,
          [bfs],
        );
        for (const s of parcelBuildingSums(parcels, buildings))
          await db.run('UPDATE parcels SET obj_count = $2, utilisation = $3, reserve = $4 WHERE id = $1', [
            s.id,
            s.objCount,
            s.utilisation,
            s.reserve,
          ]);
        await db.run('DELETE FROM parcel_filter_columns');
        await markImportChanged(db, record);
      });
    },
    async finish(record) {
      await savePostgresFilterColumns(db, await scanPostgresFilterColumns(db));
      await db.transaction(async () => markImportChanged(db, record));
    },
  };
}
