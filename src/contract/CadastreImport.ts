/** The real-data importer's progress and result (CLI, `POST /v1/secure/file-items/cadastre/upload`, socket). */

/** Where a row's facts come from; the drawer labels 'official' (imported register) and 'synthetic' (demo). */
export type DataOrigin = 'synthetic' | 'official';

/** The socket event type the upload's progress is pushed as (`message` {type, data}). */
export const CADASTRE_IMPORT_PROGRESS_EVENT = 'cadastre-import-progress';

export interface CadastreImportProgress {
  /** reading: features checked so far (total unknown while streaming); writing: municipalities replaced. */
  phase: 'reading' | 'writing' | 'indexing' | 'done';
  done: number;
  total: number | null;
}

export interface ImportedMunicipalitySummary {
  bfs: number;
  name: string;
  canton: string;
  parcels: number;
  /** Buildings imported from the land cover into the municipality (replacing its earlier ones), when the file had them. */
  buildings?: number;
}

/** What a land-cover import did with its buildings and the buildings register's extract. */
export interface BuildingsImportSummary {
  /** Building outlines written, each on the parcel it lies on. */
  imported: number;
  /** Of them, joined to a register row by the EGID the land cover gives. */
  matchedByEgid: number;
  /** Of them, joined to the register row whose position lies inside the outline. */
  matchedByPosition: number;
  /** Register rows that matched no building of the file (ignored). */
  registerUnmatched: number;
  /** Building outlines on no parcel of the dataset (not imported). */
  withoutParcel: number;
  /** Of the imported, those whose EGID came from DM.01's building-number table (Gebaeudenummer) rather than the surface. */
  egidFromBuildingNumbers: number;
}

/** The answer of a successful import. */
export interface CadastreImportResult {
  parcels: number;
  municipalities: ImportedMunicipalitySummary[];
  /** Coordinate system the file was read in. */
  crs: string;
  /** Notes that did not stop the import (e.g. a multi-part parcel drawn by its largest part). */
  warnings: string[];
  seconds: number;
  /** Present when the file held the survey's land cover (DM.01 Bodenbedeckung, MOpublic lcsf). */
  buildings?: BuildingsImportSummary;
}

/** `GET /v1/secure/maps/data-quality`: how much of the dataset is official, for the "Demo data" badge. */
export interface DataQualitySummary {
  /** Parcels of the demo generator. */
  syntheticParcels: number;
  /** Parcels imported from the cadastral survey. */
  officialParcels: number;
}
