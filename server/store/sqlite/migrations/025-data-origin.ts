import type { Migration } from './Migration';

/**
 * Where a parcel's or a building's facts come from: 'synthetic' (the demo generator) or 'official' (an
 * imported cadastral survey). The drawer shows it as a data-quality label; an import sets it per row.
 */
export const dataOriginMigration: Migration = {
  version: 25,
  name: 'data-origin',
  up(db) {
    db.exec(`
      ALTER TABLE parcels ADD COLUMN origin TEXT NOT NULL DEFAULT 'synthetic';
      ALTER TABLE buildings ADD COLUMN origin TEXT NOT NULL DEFAULT 'synthetic';
      ALTER TABLE municipalities ADD COLUMN origin TEXT NOT NULL DEFAULT 'synthetic';
    `);
  },
};
