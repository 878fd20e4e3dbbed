import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import { OBJECT_FALLBACK_COLOUR, OBJECT_TYPE_COLOURS } from './objectTypeColours';
import { CLUSTER_MIN_ZOOM, OBJECT_MIN_ZOOM, PARCEL_MIN_ZOOM } from './mapStartView';
import { TILE_SOURCE_LAYERS } from './tileSourceLayers';

/** Source ids the controller owns on top of the base map. */
export const SOURCES = {
  clusters: 'search-clusters',
  allAround: 'parcels-all-around',
  matching: 'parcels-matching',
  objects: 'parcel-objects',
} as const;

/** Theme colours of spec §9. */
const PRIMARY = '#2199A5';
const ACCENT = '#176b73';
const SECONDARY = '#F50057';

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

export const PARCEL_LAYER_IDS = {
  allAroundFill: 'parcels-all-around-fill',
  matchingFill: 'parcels-matching-fill',
  selected: 'parcels-selected',
  clusterCircles: 'search-clusters-circle',
} as const;

/** Layers in drawing order: surrounding parcels, matching parcels, buildings, selection, clusters. */
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
    maxzoom: PARCEL_MIN_ZOOM,
    paint: {
      'circle-color': PRIMARY,
      'circle-opacity': 0.85,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
      'circle-radius': ['interpolate', ['linear'], ['sqrt', ['get', 'count']], 1, 12, 10, 20, 40, 34],
    },
  },
  {
    id: 'search-clusters-count',
    type: 'symbol',
    source: SOURCES.clusters,
    minzoom: CLUSTER_MIN_ZOOM,
    maxzoom: PARCEL_MIN_ZOOM,
    layout: {
      'text-field': ['to-string', ['get', 'count']],
      'text-font': ['sans-serif'],
      'text-size': 12,
      'text-allow-overlap': true,
    },
    paint: { 'text-color': '#ffffff' },
  },
];
