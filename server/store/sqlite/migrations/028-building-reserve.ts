import type { Database } from 'better-sqlite3';
import type { Migration } from './Migration';
import { estimateBuildingReserve } from '../../../../src/contract/BuildingReserve';

/**
 * The building-reserve estimate as search columns (src/contract/BuildingReserve.ts): the zone's
 * utilisation figure and the reserve in m², null outside building zones. New datasets and imports write
 * them; rows already stored get them here, from their zone and their buildings' floor area.
 */
export const buildingReserveMigration: Migration = {
  version: 28,
  name: 'building-reserve',
  up(db) {
    db.exec(`
      ALTER TABLE parcels ADD COLUMN utilisation REAL;
      ALTER TABLE parcels ADD COLUMN reserve INTEGER;
    `);
    // The saved search columns lack the two new ones: readers scan the table once and save them again.
    db.exec('DELETE FROM parcel_filter_columns');
    backfillBuildingReserve(db);
  },
};

/** Fills the building-reserve columns of the stored rows from their zone and their buildings. */
export function backfillBuildingReserve(db: Database): void {
  const floorAreas = db
    .prepare(
      `SELECT parcel_id, sum(coalesce(json_extract(attrs, '$[0]'), 0) *
           coalesce(nullif(json_extract(attrs, '$[2]'), 0), 1)) AS floor_area
         FROM buildings GROUP BY parcel_id`,
    )
    .raw(true)
    .all() as [number, number][];
  const floorAreaOf = new Map(floorAreas);
  const update = db.prepare('UPDATE parcels SET utilisation = ?, reserve = ? WHERE id = ?');
  const rows = db
    .prepare('SELECT id, canton, alpha_pri, bravo_pri, sur, ind FROM parcels')
    .raw(true)
    .all() as [number, string, string | null, string | null, number, string][];
  for (const [id, canton, zone, mainUse, area, ind] of rows) {
    const estimate = estimateBuildingReserve({
      canton,
      zone,
      mainUse,
      area,
      existingFloorArea: floorAreaOf.get(id) ?? 0,
      road: ind === 'Road',
    });
    update.run(estimate.utilisation, estimate.reserve, id);
  }
}
