import type { LayerSpecification, SourceSpecification } from 'maplibre-gl';
import {
  BASE_LABELS_LAYER,
  BASE_LABELS_MIN_ZOOM,
  LAYER_LABEL_KEY,
  LAYER_TILE_MAX_ZOOM,
} from '../../contract/MapLayers';

/**
 * The base map's labels from the dataset (spec §1: parks, transport and waterways besides places):
 * streets from zoom 12 (their names from 15), parks and stations, from zoom 12, where the self-hosted base map (up to z10)
 * has nothing more to show. Waterways: the lakes are the base map's own; the rivers through towns (their
 * bands, where no parcel lies) come from the dataset. Always on.
 */
export const BASE_LABELS_SOURCE = 'base-labels';

export function baseLabelsSource(mainUrl: string): SourceSpecification {
  return {
    type: 'vector',
    tiles: [`${mainUrl}/v1/secure/maps/layers/${BASE_LABELS_LAYER}?x={x}&y={y}&z={z}`],
    minzoom: BASE_LABELS_MIN_ZOOM,
    maxzoom: LAYER_TILE_MAX_ZOOM,
  };
}

const FONT = ['sans-serif'];
const NAME: ['get', string] = ['get', LAYER_LABEL_KEY];
/** The base map's lake colour (baseMapStyle), so a river flowing out of a lake continues it. */
const RIVER_BLUE = '#a8d0ec';

/** Drawn under the parcels: rivers, street casings and lines, park areas. */
export const BASE_LABEL_GROUND_LAYERS: LayerSpecification[] = [
  {
    id: 'base-labels-rivers',
    type: 'fill',
    source: BASE_LABELS_SOURCE,
    'source-layer': 'waterways',
    paint: { 'fill-color': RIVER_BLUE, 'fill-outline-color': '#8fb8d8' },
  },
  {
    id: 'base-labels-parks',
    type: 'fill',
    source: BASE_LABELS_SOURCE,
    'source-layer': 'parks',
    paint: { 'fill-color': '#cfe6bf', 'fill-opacity': 0.8 },
  },
  {
    id: 'base-labels-streets-casing',
    type: 'line',
    source: BASE_LABELS_SOURCE,
    'source-layer': 'streets',
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: {
      'line-color': '#d3cdc1',
      'line-width': ['interpolate', ['exponential', 1.6], ['zoom'], 12, 1.5, 16, 9, 18, 22],
    },
  },
  {
    id: 'base-labels-streets',
    type: 'line',
    source: BASE_LABELS_SOURCE,
    'source-layer': 'streets',
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: {
      'line-color': ['match', ['get', 'class'], 'main', '#fbe3a4', '#ffffff'],
      'line-width': ['interpolate', ['exponential', 1.6], ['zoom'], 12, 0.8, 16, 7, 18, 19],
    },
  },
];

/** Drawn on top of everything: the names. */
export const BASE_LABEL_NAME_LAYERS: LayerSpecification[] = [
  {
    id: 'base-labels-street-names',
    type: 'symbol',
    source: BASE_LABELS_SOURCE,
    'source-layer': 'streets',
    // Street names from z15, where the lots along them are readable too.
    minzoom: 15,
    layout: {
      'symbol-placement': 'line',
      'text-field': NAME,
      'text-font': FONT,
      'text-size': ['interpolate', ['linear'], ['zoom'], 15, 10, 18, 13],
      'text-max-angle': 35,
    },
    paint: { 'text-color': '#5d5548', 'text-halo-color': '#ffffff', 'text-halo-width': 1.4 },
  },
  {
    id: 'base-labels-river-names',
    type: 'symbol',
    source: BASE_LABELS_SOURCE,
    'source-layer': 'waterways',
    minzoom: 14,
    layout: { 'text-field': NAME, 'text-font': FONT, 'text-size': 12, 'text-letter-spacing': 0.1 },
    paint: { 'text-color': '#2f6690', 'text-halo-color': RIVER_BLUE, 'text-halo-width': 1.2 },
  },
  {
    id: 'base-labels-park-names',
    type: 'symbol',
    source: BASE_LABELS_SOURCE,
    'source-layer': 'parks',
    minzoom: 14,
    layout: { 'text-field': NAME, 'text-font': FONT, 'text-size': 11 },
    paint: { 'text-color': '#3f7a3a', 'text-halo-color': '#ffffff', 'text-halo-width': 1.2 },
  },
  {
    id: 'base-labels-stations',
    type: 'circle',
    source: BASE_LABELS_SOURCE,
    'source-layer': 'transport',
    paint: {
      'circle-color': '#d7263d',
      'circle-radius': 5,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
  {
    id: 'base-labels-station-names',
    type: 'symbol',
    source: BASE_LABELS_SOURCE,
    'source-layer': 'transport',
    layout: {
      'text-field': NAME,
      'text-font': FONT,
      'text-size': 12,
      'text-offset': [0, 1],
      'text-anchor': 'top',
    },
    paint: { 'text-color': '#8c1c2b', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  },
];
