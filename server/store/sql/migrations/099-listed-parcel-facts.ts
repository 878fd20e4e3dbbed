import type { SharedMigration } from './SharedMigration';

/**
 * What a listed parcel's facts were when it was last looked at (JSON, server/services/lists/listedParcelFacts),
 * and the dataset build each list was last compared with: after a dataset change, a parcel whose facts
 * differ raises an alert once. Items listed before this step get their facts at the next check.
 */
export const listedParcelFactsMigration: SharedMigration = {
  version: 99,
  name: 'listed-parcel-facts',
  sql: () => `
    ALTER TABLE parcel_list_items ADD COLUMN facts TEXT;
    ALTER TABLE parcel_lists ADD COLUMN facts_version TEXT;
  `,
};
