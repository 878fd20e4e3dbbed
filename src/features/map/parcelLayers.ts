import type { ExpressionSpecification, LayerSpecification, LineLayerSpecification } from 'maplibre-gl';
import { PALETTE } from '../../theme/palette';
import type { BuildingType } from '../../contract/Parcel';
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_MIN_ZOOM,
  OBJECT_MIN_ZOOM,
  PARCEL_MIN_ZOOM,
  TILE_SOURCE_LAYERS,
} from '../../contract/VectorTiles';
import { BUBBLE_STROKE_PX, bubbleRadiusExpression } from './clusters/bubbleSize';

/**
 * What the map draws on top of the base map: the main server's tile sources, the count bubbles of the
 * search, and their layers, all from the tile layer names and zooms of src/contract/VectorTiles.ts.
 */

/**
 * The 11 canvas colours of the building types (spec §2/§3). The twelfth type, the protected object,
 * is not a colour: any building with OBJ_PRO other than 'none' gets the protected marker instead.
 */
export const OBJECT_TYPE_COLOURS: Record<Exclude<BuildingType, 'protected_object'>, string> = {
  building: '#e07b39',
  building_non_residential: '#8d6e63',
  bridge: '#546e7a',
  monument: '#ab47bc',
  mast_antenna: '#ef5350',
  wall: '#9e9e9e',
  tunnel_underpass_gallery: '#455a64',
  other_part: '#bdbdbd',
  underground_building: '#5c6bc0',
  shelter: '#26a69a',
  water_basin: '#29b6f6',
};

/** Colour for a type the table does not know (a newer register category). */
export const OBJECT_FALLBACK_COLOUR = '#cfcfcf';

/** A vector-tile URL template of the main server (the {x}/{y}/{z} placeholders stay for the map engine). */
export function mainTileUrl(
  mainUrl: string,
  path: 'maps/tile' | 'maps/all-around' | 'maps/objects',
  query = '',
): string {
  return `${mainUrl}/v1/secure/${path}?x={x}&y={y}&z={z}${query ? `&${query}` : ''}`;
}

/** No count bubbles (before the first search); clusters/searchClusters.ts makes the real ones. */
export function clusterFeatures(): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return { type: 'FeatureCollection', features: [] };
}

/** Source ids the controller owns on top of the base map. */
export const SOURCES = {
  clusters: 'search-clusters',
  allAround: 'parcels-all-around',
  matching: 'parcels-matching',
  objects: 'parcel-objects',
} as const;

const { primary: PRIMARY, accent: ACCENT, secondary: SECONDARY } = PALETTE;

const objectColour: ExpressionSpecification = [
  'match',
  ['get', 'OBJ_TYP'],
  ...Object.entries(OBJECT_TYPE_COLOURS).flat(),
  OBJECT_FALLBACK_COLOUR,
] as unknown as ExpressionSpecification; // the spread loses the tuple shape the style types expect

/** The id the highlight layers compare with; replaced by the controller when the selection changes. */
export function selectedFilter(id: string | null): ExpressionSpecification {
  return ['==', ['get', 'PRC_ID'], id ?? ''];
}

/** The parcels of the site being assembled (land assembly), or of a map selection, by their ids. */
export function siteFilter(ids: readonly string[]): ExpressionSpecification {
  return ['in', ['get', 'PRC_ID'], ['literal', [...ids]]];
}

/**
 * A fill and an outline of surrounding parcels picked by id (the site being assembled, the map selection):
 * none until the controller sets their filter.
 */
function pickedParcelLayers(
  fillId: string,
  lineId: string,
  fillColour: string,
  linePaint: LineLayerSpecification['paint'],
): LayerSpecification[] {
  const picked = {
    source: SOURCES.allAround,
    'source-layer': TILE_SOURCE_LAYERS.allAround,
    minzoom: PARCEL_MIN_ZOOM,
    filter: siteFilter([]),
  };
  return [
    { id: fillId, type: 'fill', ...picked, paint: { 'fill-color': fillColour, 'fill-opacity': 0.3 } },
    { id: lineId, type: 'line', ...picked, paint: linePaint },
  ];
}

export const PARCEL_LAYER_IDS = {
  allAroundFill: 'parcels-all-around-fill',
  matchingFill: 'parcels-matching-fill',
  siteFill: 'parcels-site-fill',
  siteLine: 'parcels-site-line',
  mapSelectionFill: 'parcels-map-selection-fill',
  mapSelectionLine: 'parcels-map-selection-line',
  selected: 'parcels-selected',
  clusterCircles: 'search-clusters-circle',
} as const;

/**
 * Layers in drawing order: surrounding parcels, matching parcels, buildings, the site, the map selection,
 * the chosen parcel, clusters.
 */
export const PARCEL_LAYERS: LayerSpecification[] = [
  {
    id: PARCEL_LAYER_IDS.allAroundFill,
    type: 'fill',
    source: SOURCES.allAround,
    'source-layer': TILE_SOURCE_LAYERS.allAround,
    minzoom: PARCEL_MIN_ZOOM,
    paint: { 'fill-color': '#ffffff', 'fill-opacity': 0.35 },
  },
  {
    id: 'parcels-all-around-line',
    type: 'line',
    source: SOURCES.allAround,
    'source-layer': TILE_SOURCE_LAYERS.allAround,
    minzoom: PARCEL_MIN_ZOOM,
    paint: { 'line-color': '#8a9699', 'line-width': 0.6 },
  },
  {
    id: PARCEL_LAYER_IDS.matchingFill,
    type: 'fill',
    source: SOURCES.matching,
    'source-layer': TILE_SOURCE_LAYERS.matching,
    minzoom: PARCEL_MIN_ZOOM,
    paint: { 'fill-color': PRIMARY, 'fill-opacity': 0.35 },
  },
  {
    id: 'parcels-matching-line',
    type: 'line',
    source: SOURCES.matching,
    'source-layer': TILE_SOURCE_LAYERS.matching,
    minzoom: PARCEL_MIN_ZOOM,
    paint: { 'line-color': ACCENT, 'line-width': 1.2 },
  },
  {
    id: 'parcel-objects-fill',
    type: 'fill',
    source: SOURCES.objects,
    'source-layer': TILE_SOURCE_LAYERS.objects,
    minzoom: OBJECT_MIN_ZOOM,
    paint: { 'fill-color': objectColour, 'fill-opacity': 0.9, 'fill-outline-color': '#5d4037' },
  },
  {
    id: 'parcel-objects-protected',
    type: 'symbol',
    source: SOURCES.objects,
    'source-layer': TILE_SOURCE_LAYERS.objects,
    minzoom: OBJECT_MIN_ZOOM,
    filter: ['all', ['has', 'OBJ_PRO'], ['!=', ['get', 'OBJ_PRO'], 'none']],
    layout: { 'text-field': '★', 'text-font': ['sans-serif'], 'text-size': 16, 'text-allow-overlap': true },
    paint: { 'text-color': SECONDARY, 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  },
  ...pickedParcelLayers(PARCEL_LAYER_IDS.siteFill, PARCEL_LAYER_IDS.siteLine, PRIMARY, {
    'line-color': PRIMARY,
    'line-width': 2.5,
  }),
  ...pickedParcelLayers(PARCEL_LAYER_IDS.mapSelectionFill, PARCEL_LAYER_IDS.mapSelectionLine, ACCENT, {
    'line-color': ACCENT,
    'line-width': 2,
    'line-dasharray': [2, 1],
  }),
  {
    id: PARCEL_LAYER_IDS.selected,
    type: 'line',
    source: SOURCES.allAround,
    'source-layer': TILE_SOURCE_LAYERS.allAround,
    minzoom: PARCEL_MIN_ZOOM,
    filter: selectedFilter(null),
    paint: { 'line-color': SECONDARY, 'line-width': 3.5 },
  },
  {
    id: PARCEL_LAYER_IDS.clusterCircles,
    type: 'circle',
    source: SOURCES.clusters,
    minzoom: CLUSTER_MIN_ZOOM,
    maxzoom: CLUSTER_MAX_ZOOM,
    paint: {
      'circle-color': PRIMARY,
      'circle-opacity': 0.85,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': BUBBLE_STROKE_PX,
      'circle-radius': bubbleRadiusExpression(),
    },
  },
  {
    id: 'search-clusters-count',
    type: 'symbol',
    source: SOURCES.clusters,
    minzoom: CLUSTER_MIN_ZOOM,
    maxzoom: CLUSTER_MAX_ZOOM,
    layout: {
      'text-field': ['get', 'label'],
      'text-font': ['sans-serif'],
      'text-size': 12,
      'text-allow-overlap': true,
    },
    paint: { 'text-color': '#ffffff' },
  },
];
