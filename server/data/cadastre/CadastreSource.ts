import type { AreaGeometry } from './readGeoPackageGeometry';

/** One feature as a file gives it, before mapping and validation. */
export interface RawCadastreFeature {
  /** How an error names it: "feature 12" (GeoJSON, 1-based) or "Liegenschaften fid 12" (GeoPackage). */
  label: string;
  properties: Record<string, unknown>;
  /** null: no geometry or one that could not be read (then `geometryError` says why). */
  geometry: AreaGeometry | null;
  geometryError?: Reason;
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
 * values, which may be reasons themselves (a ring's name inside "… intersects itself"). The key's English
 * text formatted with the values is exactly the error's English reason.
 */
export interface TranslatableReason {
  key: string;
  values?: Record<string, string | number | TranslatableReason>;
}

/** A reason with its English text beside its catalogue key: what the importer's checks give. */
export interface Reason extends TranslatableReason {
  english: string;
}

/** A reason of catalogue key `server.cadastre.` + key. */
export const reason = (key: string, english: string, values?: TranslatableReason['values']): Reason => ({
  key: `server.cadastre.${key}`,
  english,
  ...(values ? { values } : {}),
});

/**
 * How a message names a feature, translatable: the readers label features "feature 3" (GeoJSON),
 * "Liegenschaft fid 12" (GeoPackage) and "Liegenschaft record 4" (Shapefile); anything else (a file name)
 * stays as it is.
 */
export function featureName(label: string): string | TranslatableReason {
  const feature = /^feature (\d+)$/.exec(label);
  if (feature) return { key: 'server.cadastre.feature.number', values: { n: feature[1] } };
  const fid = /^(.+) fid (\S+)$/.exec(label);
  if (fid) return { key: 'server.cadastre.feature.fid', values: { layer: fid[1], fid: fid[2] } };
  const record = /^(.+) record (\d+)$/.exec(label);
  if (record) return { key: 'server.cadastre.feature.record', values: { layer: record[1], n: record[2] } };
  if (label === 'file') return { key: 'server.cadastre.feature.file' };
  if (label === 'layer') return { key: 'server.cadastre.feature.layer' };
  if (label === 'mapping file') return { key: 'server.cadastre.feature.mappingFile' };
  return label;
}

/** Strips a reason to what crosses a thread and reaches the translator (key and values, nested alike). */
const translatableOf = ({ key, values }: TranslatableReason): TranslatableReason => ({
  key,
  ...(values
    ? {
        values: Object.fromEntries(
          Object.entries(values).map(([name, value]) => [name, typeof value === 'object' ? translatableOf(value) : value]),
        ),
      }
    : {}),
});

/**
 * A file the importer refuses: the feature (or, when `where` is empty, the file as a whole) and the
 * reason, in one sentence; `translatable` when the reason has a key in the catalogue. A reason given as a
 * Reason is translated with the feature's name ("{feature}: {reason}").
 */
export class CadastreImportError extends Error {
  readonly reason: string;
  readonly translatable?: TranslatableReason;

  constructor(
    readonly where: string,
    why: string | Reason,
    translatable?: TranslatableReason,
  ) {
    const english = typeof why === 'string' ? why : why.english;
    super(where ? `${where}: ${english}` : english);
    this.name = 'CadastreImportError';
    this.reason = english;
    if (translatable) this.translatable = translatable;
    else if (typeof why !== 'string')
      this.translatable = where
        ? { key: 'server.cadastre.featureRefused', values: { feature: featureName(where), reason: translatableOf(why) } }
        : translatableOf(why);
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
