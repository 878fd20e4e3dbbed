import type { Database } from 'better-sqlite3';

/** What the price model of a municipality is computed from (all stored with the municipality). */
export interface MunicipalityPriceInput {
  bfs: number;
  canton: string;
  parcelCount: number;
}

export interface MunicipalityPriceLevel {
  bfs: number;
  chfPerM2: number;
}

/** The dataset writer's part for price levels (see DatasetWriter). */
export interface PriceLevelWriting {
  /** Municipalities of the dataset that have no price level yet. */
  municipalitiesWithoutPriceLevel(): MunicipalityPriceInput[];
  writePriceLevels(levels: readonly MunicipalityPriceLevel[]): void;
}

export function createPriceLevelWriting(db: Database): PriceLevelWriting {
  const missing = db.prepare<[], MunicipalityPriceInput>(
    `SELECT m.bfs, m.canton, m.parcel_count AS parcelCount FROM municipalities m
     LEFT JOIN municipality_price_levels p ON p.bfs = m.bfs WHERE p.bfs IS NULL ORDER BY m.bfs`,
  );
  const insert = db.prepare(
    'INSERT OR REPLACE INTO municipality_price_levels (bfs, chf_per_m2) VALUES (?, ?)',
  );
  return {
    municipalitiesWithoutPriceLevel: () => missing.all(),
    writePriceLevels(levels) {
      db.transaction(() => {
        for (const level of levels) insert.run(level.bfs, level.chfPerM2);
      })();
    },
  };
}
