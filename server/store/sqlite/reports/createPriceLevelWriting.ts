import type { Database } from 'better-sqlite3';
import type { PriceLevelWriting, MunicipalityPriceInput } from '../../contract/reports/priceLevelWriting';

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
