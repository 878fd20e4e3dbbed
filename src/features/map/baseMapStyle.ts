import type { StyleSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import { sharedTileUrl } from './tiles/sharedTileLoader';

const FONT = ['sans-serif'];

type LabelStyle = Pick<SymbolLayerSpecification, 'minzoom' | 'maxzoom' | 'layout' | 'paint'>;

/** The names of one kind of place (the `kind` of the `labels` tile layer), in the browser's own font. */
function labelLayer(id: string, kind: string, { layout, ...style }: LabelStyle): SymbolLayerSpecification {
  return {
    id,
    type: 'symbol',
    source: 'base',
    'source-layer': 'labels',
    filter: ['==', ['get', 'kind'], kind],
    ...style,
    layout: { 'text-field': ['get', 'name'], 'text-font': FONT, ...layout },
  };
}

/**
 * The self-hosted base map (server/main/basemap): country, cantons, municipalities, lakes and their
 * names as vector tiles from our own server, so the map works with no outside network. No `glyphs`
 * URL: MapLibre then draws the labels with the browser's own fonts.
 */
export function baseMapStyle(origin: string, attribution: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      base: {
        type: 'vector',
        // Through the page's shared loader: one fetch per tile however often the engine over-zooms it.
        tiles: [sharedTileUrl(`${origin}/tiles/base/{z}/{x}/{y}.pbf`)],
        minzoom: 0,
        maxzoom: 10,
        // The geography's licence asks for it on the map (data-notes.md), in the user's language.
        attribution,
      },
    },
    layers: [
      { id: 'base-background', type: 'background', paint: { 'background-color': '#e8ece9' } },
      {
        // Cantons rather than the one country polygon: smaller rings triangulate cleanly at low zoom.
        id: 'base-land',
        type: 'fill',
        source: 'base',
        'source-layer': 'cantons',
        paint: { 'fill-color': '#f7f5f0', 'fill-antialias': false },
      },
      {
        id: 'base-lakes',
        type: 'fill',
        source: 'base',
        'source-layer': 'lakes',
        paint: { 'fill-color': '#a8d0ec' },
      },
      {
        id: 'base-municipality-borders',
        type: 'line',
        source: 'base',
        'source-layer': 'municipalities',
        minzoom: 8,
        paint: { 'line-color': '#b9b4aa', 'line-width': 0.6, 'line-dasharray': [3, 2] },
      },
      {
        id: 'base-canton-borders',
        type: 'line',
        source: 'base',
        'source-layer': 'cantons',
        paint: {
          'line-color': '#8c8579',
          'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.8, 12, 2],
        },
      },
      labelLayer('base-labels-lakes', 'lake', {
        minzoom: 8,
        layout: { 'text-size': 11 },
        paint: { 'text-color': '#3d6f95', 'text-halo-color': '#a8d0ec', 'text-halo-width': 1 },
      }),
      labelLayer('base-labels-municipalities', 'municipality', {
        minzoom: 9,
        layout: { 'text-size': 11 },
        paint: { 'text-color': '#555', 'text-halo-color': '#fff', 'text-halo-width': 1.2 },
      }),
      labelLayer('base-labels-cantons', 'canton', {
        maxzoom: 10,
        layout: { 'text-size': 13, 'text-transform': 'uppercase', 'text-letter-spacing': 0.08 },
        paint: { 'text-color': '#6d665b', 'text-halo-color': '#f7f5f0', 'text-halo-width': 1.5 },
      }),
    ],
  };
}
