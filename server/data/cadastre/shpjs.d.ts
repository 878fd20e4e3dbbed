/** The two parsers of shpjs the importer uses (the package ships no types). */
declare module 'shpjs' {
  /** The .shp's shapes as GeoJSON geometries (null for a null shape); with no projection, as stored. */
  export function parseShp(shp: ArrayBufferView | ArrayBuffer, prj?: string | false): ({ type: string; coordinates: unknown } | null)[];
  /** The .dbf's records, decoded in the .cpg's encoding (UTF-8 without one). */
  export function parseDbf(dbf: ArrayBufferView | ArrayBuffer, cpg?: string): Record<string, unknown>[];
}
