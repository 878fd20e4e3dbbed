import path from 'node:path';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Feature, FeatureCollection, Position } from 'geojson';
import { readDbf } from '../../geo/readDbf';
import { CANTON_BY_BFS } from '../../geo/cantons';
import type { AreaGeometry, LonLatBox, SwissGeography } from './SwissGeography';
import { MERGED_MUNICIPALITY_NAMES } from './mergedMunicipalities';
import { loadSwissPlaces } from './swissPlaces';

const require_ = createRequire(__filename);
const GEO_YEAR = 2026;
/** The newest swiss-maps years carry no names; 2024 does, joined by BFS number. */
const NAMES_YEAR = 2024;

export const GEOGRAPHY_ATTRIBUTION =
  'Boundaries: © Swiss Federal Statistical Office BFS, GEOSTAT (via swiss-maps, non-commercial use); places: GeoNames (CC BY 4.0)';

function swissMapsFile(year: number, file: string): string {
  return path.join(path.dirname(require_.resolve('swiss-maps/package.json')), String(year), file);
}

function bboxOf(geometry: AreaGeometry): LonLatBox {
  const box: LonLatBox = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (p: Position) => {
    if (p[0] < box[0]) box[0] = p[0];
    if (p[1] < box[1]) box[1] = p[1];
    if (p[0] > box[2]) box[2] = p[0];
    if (p[1] > box[3]) box[3] = p[1];
  };
  if (geometry.type === 'Polygon') geometry.coordinates.forEach((ring) => ring.forEach(visit));
  else geometry.coordinates.forEach((poly) => poly.forEach((ring) => ring.forEach(visit)));
  return box;
}

function featuresOf(topology: Topology, name: string): Feature<AreaGeometry>[] {
  const collection = topology.objects[name] as GeometryCollection;
  const result = feature(topology, collection) as FeatureCollection | Feature;
  const features: Feature[] = result.type === 'FeatureCollection' ? result.features : [result];
  return features.filter(
    (f): f is Feature<AreaGeometry> => f.geometry?.type === 'Polygon' || f.geometry?.type === 'MultiPolygon',
  );
}

function namesById(year: number, file: string): Map<number, string> {
  return new Map(readDbf(swissMapsFile(year, file)).map((r) => [Number(r.id), r.name]));
}

function build(): SwissGeography {
  const topology = require_(swissMapsFile(GEO_YEAR, 'ch-combined.json')) as Topology;
  const places = loadSwissPlaces();
  const cantonOfMunicipality = new Map(
    readDbf(swissMapsFile(GEO_YEAR, 'municipalities.dbf')).map((r) => [Number(r.id), Number(r.KTNR)]),
  );
  const municipalityNames = namesById(NAMES_YEAR, 'municipalities.dbf');
  const placeNames = new Map(places.filter((p) => p.municipalityBfs).map((p) => [p.municipalityBfs, p.name]));
  const lakeNames = namesById(GEO_YEAR, 'lakes.dbf');

  const cantons = featuresOf(topology, 'cantons').flatMap((f) => {
    const info = CANTON_BY_BFS.get(Number(f.id));
    return info ? [{ info, geometry: f.geometry, bbox: bboxOf(f.geometry) }] : [];
  });
  const municipalities = featuresOf(topology, 'municipalities').flatMap((f) => {
    const bfs = Number(f.id);
    const canton = CANTON_BY_BFS.get(cantonOfMunicipality.get(bfs) ?? -1);
    if (!canton) return [];
    // The mergers since 2024 have no name in swiss-maps: their official names, then (a merger not yet
    // listed) the main place, then a neutral label.
    const name =
      municipalityNames.get(bfs) || MERGED_MUNICIPALITY_NAMES[bfs] || placeNames.get(bfs) || `${canton.name} ${bfs}`;
    return [{ bfs, name, cantonCode: canton.code, geometry: f.geometry, bbox: bboxOf(f.geometry) }];
  });
  const lakes = featuresOf(topology, 'lakes').map((f) => ({
    id: Number(f.id),
    name: lakeNames.get(Number(f.id)) ?? '',
    geometry: f.geometry,
    bbox: bboxOf(f.geometry),
  }));
  return { year: GEO_YEAR, cantons, municipalities, lakes, places, attribution: GEOGRAPHY_ATTRIBUTION };
}

let cached: SwissGeography | null = null;

/**
 * Real Swiss geography: 26 cantons, the municipalities with BFS numbers and names, the 22 big lakes
 * (WGS84 GeoJSON) and the places with population. Loaded once per process (~0.5 s), then shared.
 */
export function loadSwissGeography(): SwissGeography {
  cached ??= build();
  return cached;
}
