import type { PostgresMigration } from './PostgresMigration';

/** A price level per municipality (CHF per m² of building land), written by the dataset builder (SQLite 72). */
export const municipalityPriceLevelsMigration: PostgresMigration = {
  version: 72,
  name: 'municipality-price-levels',
  sql: `
    CREATE TABLE municipality_price_levels (
      bfs INTEGER PRIMARY KEY,
      chf_per_m2 INTEGER NOT NULL CHECK (chf_per_m2 > 0)
    );
  `,
};
