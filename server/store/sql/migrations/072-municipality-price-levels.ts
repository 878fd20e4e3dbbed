import type { SharedMigration } from './SharedMigration';

/**
 * A price level per municipality (CHF per m² of building land): part of the dataset, written by the
 * dataset builder (server/data/catalog/priceLevels.ts) and shown in reports as an estimate.
 */
export const municipalityPriceLevelsMigration: SharedMigration = {
  version: 72,
  name: 'municipality-price-levels',
  sql: () => `
    CREATE TABLE municipality_price_levels (
      bfs INTEGER PRIMARY KEY,
      chf_per_m2 INTEGER NOT NULL CHECK (chf_per_m2 > 0)
    );
  `,
};
