import { pointInRing } from '../../../geo/ring';
import type { ImportRecord, KeptFacts } from './CadastreWriter';
import type { DatasetInfo } from './DatasetWriter';
import { decodeParts } from './geometryCodec';

/** The columns both cadastre writers read from a stored parcel to keep its thematic facts. */
export const FACTS_COLUMNS = `p.geom, p.ind, p.alpha_pri, p.alpha_sec, p.alpha_ter, p.bravo_pri, p.grn_trm,
  p.grn_rad, p.pro_bun, p.freeway, p.putra, p.zip, p.themes`;

/** A stored parcel as FACTS_COLUMNS reads it (bytea and BLOB both arrive as a Uint8Array). */
export interface FactsRow {
  geom: Uint8Array;
  ind: string;
  alpha_pri: string;
  alpha_sec: string | null;
  alpha_ter: string | null;
  bravo_pri: string;
  grn_trm: string;
  grn_rad: number;
  pro_bun: number;
  freeway: number;
  putra: number;
  zip: string;
  themes: string;
}

/**
 * The facts of the candidate (parcels whose box holds the point) whose area (any of its parts) holds the
 * point, holes respected; a road parcel only when no ordinary parcel lies there: the roads' zoning fits few parcels.
 */
export function factsAtPoint(candidates: FactsRow[], x: number, y: number): KeptFacts | null {
  const rows = [...candidates].sort((a, b) => Number(a.ind === 'Road') - Number(b.ind === 'Road'));
  const hit = rows.find((row) =>
    decodeParts(row.geom).some(
      ([outer, ...holes]) => pointInRing(x, y, outer) && !holes.some((hole) => pointInRing(x, y, hole)),
    ),
  );
  if (!hit) return null;
  return {
    alphaPri: hit.alpha_pri,
    alphaSec: hit.alpha_sec,
    alphaTer: hit.alpha_ter,
    bravoPri: hit.bravo_pri,
    grnTrm: hit.grn_trm,
    grnRad: hit.grn_rad,
    proBun: hit.pro_bun === 1,
    freeway: hit.freeway,
    putra: hit.putra,
    zip: hit.zip,
    encodedThemes: hit.themes,
  };
}

/** The error when there is no dataset meta row to record an import in. */
export const NO_DATASET_TO_IMPORT_INTO = 'No dataset to import into: build one first (npm run dataset)';

/**
 * The dataset's meta row after an import step: new counts, the import's record (replacing one of the same
 * start) and a new build id (`importedAt`), which changes the version the repository and the tile cache
 * key on.
 */
export function withImport(
  info: DatasetInfo,
  record: ImportRecord,
  counts: { parcels: number; buildings: number },
): DatasetInfo {
  const imports = (info.imports ?? []).filter((r) => r.at !== record.at);
  return {
    ...info,
    ...counts,
    imports: [...imports, record],
    importedAt: `${record.at}#${record.municipalities.length}`,
  };
}
