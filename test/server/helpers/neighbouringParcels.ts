import type { Database } from 'better-sqlite3';
import { areNeighbours, polygonsOf, type Polygons } from '../../../server/services/sites/siteOutline';
import { lv95PartsToGeoJson, outlineLv95 } from '../../../server/store/contract/parcels/surveyGeometryCodec';

interface Row {
  prc_id: string;
  geom: Uint8Array;
  geom_lv95: Uint8Array | null;
}

/** A chain a–b–c where b touches a and c touches b (the dataset's own outlines). */
function findChain(rows: { egrid: string; outline: Polygons }[]): string[] {
  for (const a of rows)
    for (const b of rows.filter((b) => b !== a && areNeighbours(a.outline, b.outline))) {
      const c = rows.find((c) => c !== a && c !== b && areNeighbours(b.outline, c.outline));
      if (c) return [a.egrid, b.egrid, c.egrid];
    }
  throw new Error('no three neighbouring parcels in the test dataset');
}

/**
 * Among the first standard parcels in building zones of a test dataset on SQLite: three that each touch
 * the one before (a site), and two far apart (more than 0.5 m between any of their edges).
 */
export function neighbouringParcels(db: Database): { chain: string[]; apart: string[] } {
  const rows = (
    db
      .prepare(
        `SELECT prc_id, geom, geom_lv95 FROM parcels WHERE ind = 'Standard' AND reserve > 0 ORDER BY id LIMIT 60`,
      )
      .all() as Row[]
  ).map((row) => ({
    egrid: row.prc_id,
    outline: polygonsOf(lv95PartsToGeoJson(outlineLv95(row.geom, row.geom_lv95))),
  }));
  const [first] = rows;
  const chain = findChain(rows);
  // The far one outside the chain, so a test may put it beside the chain as a lone parcel.
  const far = rows.find(
    (row) => !chain.includes(row.egrid) && !areNeighbours(first.outline, row.outline, 50),
  );
  if (!far) throw new Error('no parcel far from the first outside the chain in the test dataset');
  return { chain, apart: [first.egrid, far.egrid] };
}
