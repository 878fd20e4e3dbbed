import type { PriceLevelRepository } from '../../contract/reports/PriceLevelRepository';
import type { MunicipalityPriceInput, PriceLevelWriting } from '../../contract/reports/priceLevelWriting';
import type { Asynchronous } from '../../contract/unitOfWork/Synchronous';
import type { PostgresConnection } from '../PostgresConnection';

/** The dataset's price level per municipality over PostgreSQL (reports). */
export function createPostgresPriceLevelRepository(db: PostgresConnection): PriceLevelRepository {
  return {
    chfPerM2: async (bfs) =>
      (
        await db.one<{ chf: number }>(
          'SELECT chf_per_m2 AS chf FROM municipality_price_levels WHERE bfs = $1',
          [bfs],
        )
      )?.chf ?? null,
  };
}

/** The dataset writer's price-level part over PostgreSQL (the same steps as createPriceLevelWriting). */
export function createPostgresPriceLevelWriting(db: PostgresConnection): Asynchronous<PriceLevelWriting> {
  return {
    municipalitiesWithoutPriceLevel: async () =>
      await db.query<MunicipalityPriceInput>(
        `SELECT m.bfs, m.canton, m.parcel_count AS "parcelCount" FROM municipalities m
         LEFT JOIN municipality_price_levels p ON p.bfs = m.bfs WHERE p.bfs IS NULL ORDER BY m.bfs`,
      ),
    async writePriceLevels(levels) {
      await db.transaction(async () => {
        for (const level of levels)
          await db.run(
            `INSERT INTO municipality_price_levels (bfs, chf_per_m2) VALUES ($1, $2)
             ON CONFLICT (bfs) DO UPDATE SET chf_per_m2 = excluded.chf_per_m2`,
            [level.bfs, level.chfPerM2],
          );
      });
    },
  };
}
