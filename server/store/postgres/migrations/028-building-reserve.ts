import type { PostgresMigration } from './PostgresMigration';
import { UTILISATION_BY_CANTON, UTILISATION_BY_MAIN_USE } from '../../../../src/contract/BuildingReserve';
import { LOCAL_ZONE_CODES, MAIN_USES } from '../../../../src/contract/ParcelVocabulary';

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The rule's tables as SQL VALUES lists, made from the same TypeScript tables the writers read. */
function ruleTables(): string {
  const zoneFigures = Object.entries(UTILISATION_BY_CANTON).flatMap(([canton, zones]) =>
    Object.entries(zones).map(([zone, figure]) => `(${literal(canton)}, ${literal(zone)}, ${figure})`),
  );
  const useFigures = Object.entries(UTILISATION_BY_MAIN_USE).map(([use, figure]) => `(${use}, ${figure})`);
  const codes = new Map<string, number>(MAIN_USES.map((use) => [String(use), use]));
  for (const region of Object.values(LOCAL_ZONE_CODES))
    for (const use of MAIN_USES) for (const code of region[use]) if (!codes.has(code)) codes.set(code, use);
  const codeUses = [...codes].map(([code, use]) => `(${literal(code)}, ${use})`);
  return `zone_figures(canton, zone, figure) AS (VALUES ${zoneFigures.join(', ')}),
    use_figures(use, figure) AS (VALUES ${useFigures.join(', ')}),
    code_uses(code, use) AS (VALUES ${codeUses.join(', ')})`;
}

/**
 * Fills the building-reserve columns of the rows stored with the same rule as
 * src/contract/BuildingReserve.ts's estimateBuildingReserve (a SQL migration cannot call it; the contract
 * suite checks that both give the writers' figures).
 */
export const BUILDING_RESERVE_BACKFILL_SQL = `
    WITH ${ruleTables()},
    floor_areas AS (
      SELECT parcel_id, sum(coalesce((attrs::jsonb->>0)::float8, 0) *
        coalesce(nullif((attrs::jsonb->>2)::float8, 0), 1)) AS area
      FROM buildings GROUP BY parcel_id
    ),
    uses AS (
      SELECT p.id, p.sur, p.canton, p.alpha_pri, p.ind, coalesce(
        (SELECT use FROM code_uses WHERE code = p.bravo_pri),
        (SELECT use FROM code_uses WHERE code = p.alpha_pri)) AS use
      FROM parcels p
    ),
    figures AS (
      SELECT u.id, u.sur, CASE
          WHEN u.ind = 'Road' OR uf.figure IS NULL THEN NULL
          WHEN uf.figure = 0 THEN 0
          WHEN zf.figure IS NOT NULL THEN zf.figure
          WHEN u.alpha_pri ~ '^(W|WG|WA|R|M)[0-9]$' AND u.use IN (11, 13)
            THEN round((0.25 * right(u.alpha_pri, 1)::int + 0.1)::numeric, 2)::float8
          ELSE uf.figure
        END AS figure
      FROM uses u
      LEFT JOIN use_figures uf ON uf.use = u.use
      LEFT JOIN zone_figures zf ON zf.canton = u.canton AND zf.zone = u.alpha_pri
    )
    UPDATE parcels p SET utilisation = f.figure,
      reserve = greatest(0, round((f.sur * f.figure)::numeric) - round(coalesce(fa.area, 0)::numeric))::int
    FROM figures f LEFT JOIN floor_areas fa ON fa.parcel_id = f.id
    WHERE p.id = f.id AND f.figure IS NOT NULL;
`;

/** The building-reserve columns (SQLite 28), filled for the rows already stored. */
export const buildingReserveMigration: PostgresMigration = {
  version: 28,
  name: 'building-reserve',
  sql: `
    ALTER TABLE parcels ADD COLUMN utilisation double precision;
    ALTER TABLE parcels ADD COLUMN reserve integer;
    DELETE FROM parcel_filter_columns;
    ${BUILDING_RESERVE_BACKFILL_SQL}
  `,
};
