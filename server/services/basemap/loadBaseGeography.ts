import fs from 'node:fs';
import path from 'node:path';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import { readDbf } from '../../geo/readDbf';
import { mercator } from '../../geo/projection';

/** A ring of points in normalised Web Mercator (0..1 on both axes, y growing southwards). */
export type MercatorRing = [number, number][];

export type BaseLayerName = 'country' | 'cantons' | 'municipalities' | 'lakes' | 'labels';

/** One feature of the self-hosted base map, pre-projected once at start. */
export interface BaseFeature {
  layer: BaseLayerName;
  /** Polygons as lists of rings (outer first); a label is one polygon holding one one-point ring. */
  polygons: MercatorRing[][];
  bbox: [number, number, number, number];
  properties: Record<string, string | number>;
  /** Lowest zoom the feature goes into tiles from (keeps the country-wide tiles light). */
  minZoom: number;
}

/**
 * swiss-maps 2026: the same boundaries and lakes the dataset's parcels are clipped to, so the lake shore
 * of the base map is the parcels' shore (2024's coarser outlines left a ~150 m gap at Lugano at z16).
 * 2024 is the last year whose attribute tables still carry names (data-notes.md): names join by id.
 */
const GEOMETRY_YEAR = '2026';
const NAMES_YEAR = '2024';

function swissMapsDir(year: string): string {
  // Resolved from the working directory like the rest of the server's files (app.ts serves public/ so).
  return path.resolve('node_modules', 'swiss-maps', year);
}

interface NamedRecord {
  name: string;
  canton: number | null;
}

function namesById(dir: string, table: string): Map<number, NamedRecord> {
  const names = new Map<number, NamedRecord>();
  for (const record of readDbf(path.join(dir, `${table}.dbf`))) {
    if (!record.id) continue;
    names.set(Number(record.id), {
      name: record.name ?? '',
      canton: record.KTNR ? Number(record.KTNR) : null,
    });
  }
  return names;
}

/** A table's names by id: the names year's, else the geometry year's own (lakes keep theirs). */
function mergedNames(dirs: BaseGeographyDirs, table: string): Map<number, NamedRecord> {
  const named = namesById(dirs.names, table);
  const current = namesById(dirs.geometry, table);
  return new Map(
    [...current].map(([id, record]): [number, NamedRecord] => [
      id,
      { name: named.get(id)?.name || record.name, canton: record.canton ?? named.get(id)?.canton ?? null },
    ]),
  );
}

export interface BaseGeographyDirs {
  geometry: string;
  names: string;
}

export interface BaseGeographyOptions {
  dirs?: BaseGeographyDirs;
  /**
   * Names of municipalities the names year does not know (a few mergers after 2024), by BFS number:
   * the composition root passes the dataset geography's, which fall back to the main place.
   */
  municipalityNames?: () => ReadonlyMap<number, string>;
}

function polygonsOf(geometry: Polygon | MultiPolygon): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

function project(rings: Position[][]): MercatorRing[] {
  return rings.map((ring) => ring.map(([lon, lat]) => mercator(lon, lat)));
}

function bboxOf(polygons: MercatorRing[][]): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygons) {
    for (const [x, y] of polygon[0] ?? []) {
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    }
  }
  return box;
}

/** Area-weighted centroid of the biggest outer ring: where a name label goes. */
function labelPoint(polygons: MercatorRing[][]): [number, number] | null {
  let best: { area: number; point: [number, number] } | null = null;
  for (const polygon of polygons) {
    const ring = polygon[0];
    if (!ring || ring.length < 3) continue;
    let area = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
      const cross = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
      area += cross;
      cx += (ring[j][0] + ring[i][0]) * cross;
      cy += (ring[j][1] + ring[i][1]) * cross;
    }
    if (area === 0) continue;
    const point: [number, number] = [cx / (3 * area), cy / (3 * area)];
    if (!best || Math.abs(area) > best.area) best = { area: Math.abs(area), point };
  }
  return best?.point ?? null;
}

interface LayerSource {
  object: 'country' | 'cantons' | 'municipalities' | 'lakes';
  minZoom: number;
  labelKind: 'canton' | 'municipality' | 'lake' | null;
  labelMinZoom: number;
}

const LAYERS: LayerSource[] = [
  { object: 'country', minZoom: 0, labelKind: null, labelMinZoom: 0 },
  { object: 'cantons', minZoom: 0, labelKind: 'canton', labelMinZoom: 5 },
  { object: 'municipalities', minZoom: 8, labelKind: 'municipality', labelMinZoom: 9 },
  { object: 'lakes', minZoom: 0, labelKind: 'lake', labelMinZoom: 8 },
];

/**
 * The real Swiss geography of the base map (swiss-maps, BFS GEOSTAT): country, cantons, municipalities
 * and lakes with their names, projected once so each tile only scales and clips.
 */
export function loadBaseGeography({
  dirs = { geometry: swissMapsDir(GEOMETRY_YEAR), names: swissMapsDir(NAMES_YEAR) },
  municipalityNames,
}: BaseGeographyOptions = {}): BaseFeature[] {
  const topology = JSON.parse(
    fs.readFileSync(path.join(dirs.geometry, 'ch-combined.json'), 'utf8'),
  ) as Topology;
  const features: BaseFeature[] = [];
  for (const source of LAYERS) {
    const names: Map<number, NamedRecord> =
      source.object === 'country' ? new Map() : mergedNames(dirs, source.object);
    if (source.object === 'municipalities' && municipalityNames) {
      for (const [bfs, name] of municipalityNames()) {
        const record = names.get(bfs);
        if (record && !record.name) record.name = name;
      }
    }
    const collection = feature(topology, topology.objects[source.object] as GeometryCollection);
    for (const item of collection.features as Feature<Polygon | MultiPolygon>[]) {
      if (!item.geometry) continue;
      const id = Number(item.id);
      const named = names.get(id);
      const polygons = polygonsOf(item.geometry).map(project);
      const properties: Record<string, string | number> = { id };
      if (named?.name) properties.name = named.name;
      if (named?.canton) properties.canton = named.canton;
      features.push({
        layer: source.object,
        polygons,
        bbox: bboxOf(polygons),
        properties,
        minZoom: source.minZoom,
      });
      const point = source.labelKind && named?.name ? labelPoint(polygons) : null;
      if (point && source.labelKind) {
        features.push({
          layer: 'labels',
          polygons: [[[point]]],
          bbox: [point[0], point[1], point[0], point[1]],
          properties: { kind: source.labelKind, name: named!.name },
          minZoom: source.labelMinZoom,
        });
      }
    }
  }
  return features;
}
