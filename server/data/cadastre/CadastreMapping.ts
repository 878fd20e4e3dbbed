import { CadastreImportError, reason } from './CadastreSource';

/** A column name, or candidates tried in order (case-insensitive): files of different cantons differ. */
export type ColumnChoice = string | string[];

/**
 * Which columns of a file hold the register's facts. Only EGRID and parcel number are required: without
 * a municipality column the parcel's municipality is found from its position, without an area column the
 * area is computed from the geometry.
 */
export interface CadastreMapping {
  /** GeoPackage feature table (ignored for GeoJSON); candidates allowed. Default: the only feature table. */
  layer?: ColumnChoice;
  egrid: ColumnChoice;
  number: ColumnChoice;
  /** BFS municipality number (or the municipality's name). */
  municipality?: ColumnChoice;
  /** Official area in m². */
  area?: ColumnChoice;
  /** Parcel kind: values naming a right ("Baurecht", "SelbstRecht", "droit distinct …") become PRC_TYP Baurecht. */
  kind?: ColumnChoice;
  street?: ColumnChoice;
  houseNumber?: ColumnChoice;
  postcode?: ColumnChoice;
  /** Overrides the file's CRS declaration: "EPSG:2056" or "EPSG:4326". */
  crs?: string;
}

/**
 * The ready mapping for the official cadastral survey as the cantons and geodienste.ch publish it: the
 * data model DM.01-AV-CH (topic Liegenschaften: tables Liegenschaft and Grundstueck, as flattened
 * GeoPackage/Shapefile exports and as GDAL names Interlis tables, "Liegenschaften__Liegenschaft") and
 * the simplified model MOpublic in its German, French, Italian and English spellings (layer resf).
 * Candidates are tried in order; docs/data-and-importing.md § Importing real cadastral data lists them.
 */
export const CANTONAL_SURVEY_MAPPING: CadastreMapping = {
  layer: [
    'Liegenschaft',
    'Liegenschaften',
    'Liegenschaften_Liegenschaft',
    'Liegenschaften__Liegenschaft',
    'resf',
    'RealEstate',
    'Real_Estate',
    'BienFonds',
    'Bien_fonds',
    'BeneImmobile',
    'Grundstueck',
    'Grundstuecke',
    'Liegenschaften_Grundstueck',
    'Liegenschaften__Grundstueck',
  ],
  // A dBase field name has at most 10 characters: Shapefiles carry EGRIS_EGRI and Flaechenma.
  egrid: ['EGRIS_EGRID', 'EGRIS_EGRI', 'EGRID', 'egrid'],
  number: ['Nummer', 'Number', 'Numero', 'ParcelNumber', 'Nr'],
  municipality: ['BFSNr', 'BFS_Nr', 'BFSNummer', 'BFS_Nummer', 'Gem_BFS', 'FOSNr', 'NumOFS', 'NoOFS', 'NumUST', 'Gemeinde', 'Commune', 'Comune'],
  area: ['Flaechenmass', 'Flaechenma', 'Area', 'MesureSurface', 'SuperficieMisurata', 'Surface', 'Flaeche'],
  kind: ['Art', 'Type', 'Genre', 'Genere', 'Kind'],
};

/**
 * Layers of the survey's land cover (Bodenbedeckung, MOpublic lcsf): building and surface outlines, not
 * parcels. Their buildings are imported beside or without a parcel layer (buildings/openSurveySources, ADR 045).
 */
export const LAND_COVER_LAYERS = [
  'Bodenbedeckung',
  'Bodenbedeckung_BoFlaeche',
  'Bodenbedeckung__BoFlaeche',
  'BoFlaeche',
  'lcsf',
  'LandCover',
  'CouvertureDuSol',
  'CoperturaDelSuolo',
];

const FIELDS = ['layer', 'egrid', 'number', 'municipality', 'area', 'kind', 'street', 'houseNumber', 'postcode'];

const isChoice = (value: unknown): value is ColumnChoice =>
  (typeof value === 'string' && value.trim() !== '') ||
  (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && v.trim() !== ''));

/** Reads a mapping file's JSON; refuses unknown keys and missing required ones with the key named. */
export function parseCadastreMapping(json: string, source = 'mapping file'): CadastreMapping {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new CadastreImportError(
      source,
      reason('reason.mappingJson', `is not valid JSON (${(error as Error).message})`, { finding: (error as Error).message }),
    );
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new CadastreImportError(source, reason('reason.mappingObject', 'must be a JSON object naming the columns'));
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key === 'crs') continue;
    if (!FIELDS.includes(key))
      throw new CadastreImportError(source, reason('reason.mappingUnknownKey', `unknown key "${key}"`, { key }));
    if (!isChoice(record[key]))
      throw new CadastreImportError(
        source,
        reason('reason.mappingChoice', `"${key}" must be a column name or a list of column names`, { key }),
      );
  }
  for (const key of ['egrid', 'number'])
    if (!(key in record))
      throw new CadastreImportError(source, reason('reason.mappingRequired', `"${key}" is required`, { key }));
  if ('crs' in record && typeof record.crs !== 'string')
    throw new CadastreImportError(source, reason('reason.mappingCrs', '"crs" must be "EPSG:2056" or "EPSG:4326"'));
  return record as unknown as CadastreMapping;
}

/** The first candidate present among `columns` (case-insensitive), as the file spells it; null if none. */
export function resolveColumn(choice: ColumnChoice | undefined, columns: readonly string[]): string | null {
  if (choice === undefined) return null;
  const byLower = new Map(columns.map((c) => [c.toLowerCase(), c]));
  for (const candidate of Array.isArray(choice) ? choice : [choice]) {
    const found = byLower.get(candidate.toLowerCase());
    if (found !== undefined) return found;
  }
  return null;
}

export const describeChoice = (choice: ColumnChoice) =>
  Array.isArray(choice) ? choice.map((c) => `"${c}"`).join(' or ') : `"${choice}"`;
