import type { AreaGeometry } from './readGeoPackageGeometry';

/** One feature as a file gives it, before mapping and validation. */
export interface RawCadastreFeature {
  /** How an error names it: "feature 12" (GeoJSON, 1-based) or "Liegenschaften fid 12" (GeoPackage). */
  label: string;
  properties: Record<string, unknown>;
  /** null: no geometry or one that could not be read (then `geometryError` says why). */
  geometry: AreaGeometry | null;
  geometryError?: string;
}

/** A cadastral file opened for reading: the CRS it declares and its features in file order. */
export interface CadastreSource {
  /**
   * The declared CRS as written in the file ("EPSG:2056", a URN …), or null when it declares none. A
   * streamed GeoJSON may declare it after its features: ask once they have been read.
   */
  declaredCrs(): string | null;
  /** Column names (GeoPackage: from the table; GeoJSON: null, checked per feature). */
  columns: string[] | null;
  features: AsyncIterable<RawCadastreFeature>;
  close(): void;
}

/**
 * A refusal the user reads in their language: a `server.cadastre.*` key of translations/*.json and its
 * values. The key's English text formatted with the values is exactly the error's English reason.
 */
export interface TranslatableReason {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * A file the importer refuses: the feature (or, when `where` is empty, the file as a whole) and the
 * reason, in one sentence; `translatable` when the reason has a key in the catalogue.
 */
export class CadastreImportError extends Error {
  constructor(
    readonly where: string,
    readonly reason: string,
    readonly translatable?: TranslatableReason,
  ) {
    super(where ? `${where}: ${reason}` : reason);
    this.name = 'CadastreImportError';
  }
}

/**
 * An import stopped on request (the server shutting down) at a pause: `municipalities` of `of` were
 * written whole (0 while the file was still being read), the rest not touched.
 */
export class CadastreImportStopped extends Error {
  constructor(
    readonly municipalities: number,
    readonly of: number | null,
  ) {
    super(`The import stopped after ${municipalities} of ${of ?? 'its'} municipalities`);
    this.name = 'CadastreImportStopped';
  }
}

/** A refusal of the file as a whole, with its catalogue key (`server.cadastre.` + key) and values. */
export const fileRefusal = (key: string, english: string, values?: TranslatableReason['values']) =>
  new CadastreImportError('', english, { key: `server.cadastre.${key}`, values });
