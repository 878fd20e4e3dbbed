import type { Migration } from './Migration';

/** The in-memory search columns, saved at the end of a dataset build so a server starts in a second. */
export const parcelFilterColumnsMigration: Migration = {
  version: 22,
  name: 'parcel-filter-columns',
  up(db) {
    db.exec(`CREATE TABLE parcel_filter_columns (name TEXT PRIMARY KEY, data BLOB NOT NULL)`);
  },
};
