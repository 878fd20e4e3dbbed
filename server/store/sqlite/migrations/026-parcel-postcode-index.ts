import type { Migration } from './Migration';

/** Postcodes are searched ("6300" finds Zug's parcels): an index makes that an index lookup. */
export const parcelPostcodeIndexMigration: Migration = {
  version: 26,
  name: 'parcel-postcode-index',
  up(db) {
    db.exec('CREATE INDEX parcels_zip ON parcels (zip)');
  },
};
