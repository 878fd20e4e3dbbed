import type { PostgresMigration } from './PostgresMigration';

/** Listed parcels' facts and each list's last compared dataset build (SQLite migration 99). */
export const listedParcelFactsMigration: PostgresMigration = {
  version: 99,
  name: 'listed-parcel-facts',
  sql: `
    ALTER TABLE parcel_list_items ADD COLUMN facts TEXT;
    ALTER TABLE parcel_lists ADD COLUMN facts_version TEXT;
  `,
};
