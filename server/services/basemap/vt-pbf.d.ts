// vt-pbf ships no types; only the entry point the base map uses is declared.
declare module 'vt-pbf' {
  /** A feature in geojson-vt's tile shape: type 1 point, 2 line, 3 polygon; coordinates in tile units. */
  export interface VtFeature {
    type: 1 | 2 | 3;
    geometry: [number, number][] | [number, number][][];
    tags: Record<string, string | number | boolean>;
    id?: number;
  }
  export function fromGeojsonVt(
    layers: Record<string, { features: VtFeature[] }>,
    options?: { version?: number; extent?: number },
  ): Uint8Array;
}
