import { resolveColumn } from '../CadastreMapping';
import { fileRefusal } from '../CadastreSource';

/**
 * DM.01-AV-CH keeps a building's EGID not on its land-cover surface but in the table
 * Bodenbedeckung.Gebaeudenummer (attributes Gebaeudenummer_von → BoFlaeche, Nummer, GWR_EGID). The names
 * below are the German model's as published exports spell them: GDAL's Interlis 1 reader
 * (`Bodenbedeckung__Gebaeudenummer`, the surface's id in `_TID`/`TID`), ili2db with names by topic
 * (`Bodenbedeckung_Gebaeudenummer`, the reference to the surface's `T_Id`) and flattened exports
 * (`Gebaeudenummer`); `Gebaeudenu` is the dBase cut of `Gebaeudenummer_von`. Tried case-insensitively.
 */
export const BUILDING_NUMBER_TABLES = [
  'Gebaeudenummer',
  'Bodenbedeckung_Gebaeudenummer',
  'Bodenbedeckung__Gebaeudenummer',
];

export const BUILDING_NUMBER_REFERENCE_COLUMNS = ['Gebaeudenummer_von', 'Gebaeudenu'];
export const BUILDING_NUMBER_EGID_COLUMNS = ['GWR_EGID', 'EGID'];
/** The surface's own id that Gebaeudenummer_von refers to; without one of these, the table's primary key (fid). */
export const SURFACE_ID_COLUMNS = ['T_Id', 'TID', '_TID'];

/** A building-number table as read from the file: its name, its columns and its rows. */
export interface BuildingNumberTable {
  table: string;
  columns: string[];
  rows: Record<string, unknown>[];
}

/** Each surface's EGID by the surface's id, and what could not be used. */
export interface BuildingNumbers {
  table: string;
  egidBySurface: Map<string, string>;
  /** Surfaces given more than one EGID (the first, in the table's order, is taken). */
  surfacesWithSeveral: number;
}

/** An id as the reference and the surface give it: "12", 12 and 12.0 are the same surface. */
export const idKey = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === '') return null;
  return /^\d+(\.0+)?$/.test(text) ? String(Math.trunc(Number(text))) : text;
};

/** An EGID as digits (the register's 1 … 999,999,999), or null. */
export const egidOf = (value: unknown): string | null => {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return /^\d+(\.0+)?$/.test(text) && Number(text) > 0 ? String(Math.trunc(Number(text))) : null;
};

/**
 * The EGID of each surface the table names. Refuses a table without its reference or EGID column, naming
 * its columns, before anything is written.
 */
export function readBuildingNumbers({ table, columns, rows }: BuildingNumberTable): BuildingNumbers {
  // An empty table (a .dbf of no records names no columns) gives no EGID and is no error.
  if (rows.length === 0) return { table, egidBySurface: new Map(), surfacesWithSeveral: 0 };
  const reference = resolveColumn(BUILDING_NUMBER_REFERENCE_COLUMNS, columns);
  const egid = resolveColumn(BUILDING_NUMBER_EGID_COLUMNS, columns);
  if (!reference || !egid)
    throw fileRefusal(
      'buildingNumbersColumns',
      `The building-number table "${table}" needs the columns Gebaeudenummer_von and GWR_EGID (its columns: ${columns.join(', ')})`,
      { table, columns: columns.join(', ') },
    );
  const egidBySurface = new Map<string, string>();
  const several = new Set<string>();
  for (const row of rows) {
    const surface = idKey(row[reference]);
    const value = egidOf(row[egid]);
    if (!surface || !value) continue;
    const held = egidBySurface.get(surface);
    if (held === undefined) egidBySurface.set(surface, value);
    else if (held !== value) several.add(surface);
  }
  return { table, egidBySurface, surfacesWithSeveral: several.size };
}
