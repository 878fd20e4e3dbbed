import type { Database } from 'better-sqlite3';
import { ringsBox } from '../../../geo/ring';
import { officialBuildingValues, type BuildingsWriter } from '../../contract/parcels/BuildingsWriter';
import { saveFilterColumns, scanFilterColumns } from './sqliteFilterColumns';
import {
  PARCEL_RESERVE_COLUMNS,
  parcelBuildingSums,
  type ParcelReserveRow,
} from '../../contract/parcels/parcelBuildingSums';
import { prepareMarkChanged } from './sqliteImportMeta';

/** The land-cover importer's buildings writer over SQLite (BuildingsWriter; PostgreSQL: createPostgresBuildingsWriter). */
export function createSqliteBuildingsWriter(db: Database): BuildingsWriter {
  const parcelsMeeting =
    db.prepare(`SELECT p.id, p.mun_bfs AS munBfs, p.street, p.house_no AS houseNo, p.zip, p.geom
    FROM parcels_rtree r JOIN parcels p ON p.id = r.id
    WHERE r.min_x <= ? AND r.max_x >= ? AND r.min_y <= ? AND r.max_y >= ?`);
  const objIdMunicipality = db
    .prepare('SELECT p.mun_bfs FROM buildings b JOIN parcels p ON p.id = b.parcel_id WHERE b.obj_id = ?')
    .pluck();
  const oldBuildings = db
    .prepare('SELECT b.id FROM buildings b JOIN parcels p ON p.id = b.parcel_id WHERE p.mun_bfs = ?')
    .pluck();
  const deleteBuilding = db.prepare('DELETE FROM buildings WHERE id = ?');
  const deleteBuildingBox = db.prepare('DELETE FROM buildings_rtree WHERE id = ?');
  const deleteRoof = db.prepare('DELETE FROM building_roofs WHERE building_id = ?');
  const insertBuilding =
    db.prepare(`INSERT INTO buildings (obj_id, parcel_id, typ, pro, lon, lat, attrs, geom, geom_lv95, origin)
    VALUES (?, ?, ?, 'none', ?, ?, ?, ?, ?, 'official')`);
  const insertBuildingBox = db.prepare(
    'INSERT INTO buildings_rtree (id, min_x, max_x, min_y, max_y) VALUES (?, ?, ?, ?, ?)',
  );
  const insertRoof = db.prepare(
    // OR REPLACE: the parcel import leaves its deleted buildings' roof rows, whose ids a new building may take.
    'INSERT OR REPLACE INTO building_roofs (building_id, height, roof_area, orientation, solar_class) VALUES (?, ?, ?, NULL, ?)',
  );
  const municipalityParcels = db.prepare(`SELECT ${PARCEL_RESERVE_COLUMNS} FROM parcels WHERE mun_bfs = ?`);
  const updateParcel = db.prepare(
    'UPDATE parcels SET obj_count = ?, utilisation = ?, reserve = ? WHERE id = ?',
  );
  const markChanged = prepareMarkChanged(db);

  return {
    parcelsMeeting([minX, minY, maxX, maxY]) {
      return parcelsMeeting.all(maxX, minX, maxY, minY) as ReturnType<BuildingsWriter['parcelsMeeting']>;
    },
    objIdsElsewhere(objIds, replaced) {
      return objIds.filter((objId) => {
        const bfs = objIdMunicipality.get(objId) as number | undefined;
        return bfs !== undefined && !replaced.has(bfs);
      });
    },
    replaceBuildings(bfs, buildings, record) {
      db.transaction(() => {
        for (const id of oldBuildings.all(bfs) as number[]) {
          deleteRoof.run(id);
          deleteBuildingBox.run(id);
          deleteBuilding.run(id);
        }
        for (const b of buildings) {
          const { lastInsertRowid } = insertBuilding.run(...officialBuildingValues(b));
          insertBuildingBox.run(lastInsertRowid, ...ringsBox(b.parts.flat()));
          // No irradiation is known for a surveyed outline: class 0, which the solar layer leaves uncoloured.
          insertRoof.run(lastInsertRowid, b.height, b.roofArea, 0);
        }
        const sums = parcelBuildingSums(municipalityParcels.all(bfs) as ParcelReserveRow[], buildings);
        for (const s of sums) updateParcel.run(s.objCount, s.utilisation, s.reserve, s.id);
        // The saved search columns (building counts, reserves) no longer match: a reader scans until finish.
        db.exec('DELETE FROM parcel_filter_columns');
        markChanged(record);
      })();
    },
    finish(record) {
      saveFilterColumns(db, scanFilterColumns(db));
      db.transaction(() => markChanged(record))();
    },
  };
}
