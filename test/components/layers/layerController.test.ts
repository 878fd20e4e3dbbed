import fs from 'node:fs';
import path from 'node:path';
import type { MapLayerId } from '../../../src/contract/MapLayers';
import { MapController } from '../../../src/features/map/MapController';
import type { LayerStyleFile } from '../../../src/features/layers/LayerStyleFile';
import { layerOpacityChanged, layerSwitched, styleLoaded } from '../../../src/features/layers/layersSlice';
import { TILE_WAITED_TOO_LONG_STATUS } from '../../../src/features/layers/outsideTileFetch';
import { storeWithRouter } from '../renderWithProviders';
import { sessionFixture } from '../sessionFixture';
import { FakeMap } from '../map/maplibreMock';

// maplibre-gl ships only an ESM "import" export, which jest's resolver does not pick: mock it by name.
jest.mock('maplibre-gl', () => jest.requireActual('../map/maplibreMock'), { virtual: true });

const styleFile = (id: MapLayerId): LayerStyleFile =>
  JSON.parse(fs.readFileSync(path.resolve('public/styles', `${id}.json`), 'utf8')) as LayerStyleFile;

function startMap() {
  const { store } = storeWithRouter({ session: sessionFixture() });
  const container = document.createElement('div');
  // A stand-in translation that shows which message was asked for.
  const controller = new MapController({
    container,
    store,
    describeParcel: () => [],
    translate: (id) => `[${id}]`,
  });
  const map = FakeMap.last;
  map.fire('load');
  /** Switches a layer on with its style already fetched (the listener then fetches nothing). */
  const switchOn = (id: MapLayerId) => {
    store.dispatch(styleLoaded({ id, style: styleFile(id) }));
    store.dispatch(layerSwitched({ id, on: true }));
  };
  const ids = () => map.layers.map((layer) => layer.id as string);
  return { store, map, container, controller, switchOn, ids };
}

describe('LayerController: the layers of the store on the map (spec §2, §4)', () => {
  it('draws the base map streets, parks and stations from zoom 12, streets under the parcels', () => {
    const { map } = startMap();
    expect(map.getSource('base-labels')?.tiles).toEqual([
      'http://localhost/v1/secure/maps/layers/base-labels?x={x}&y={y}&z={z}',
    ]);
    expect(map.getSource('base-labels')?.spec.minzoom).toBe(12);
    expect(map.before.get('base-labels-streets')).toBe('parcels-all-around-fill');
    expect(map.before.get('base-labels-street-names')).toBeUndefined();
  });

  it('adds a switched-on layer under the parcel selection with its token-carrying tiles, and removes it when off', () => {
    const { store, map, switchOn, ids } = startMap();
    switchOn('radon');
    expect(map.getSource('layer-radon')?.tiles).toEqual([
      'http://localhost/v1/secure/maps/layers/radon?x={x}&y={y}&z={z}',
    ]);
    expect(map.before.get('layer-radon-fill')).toBe('parcels-selected');
    const transform = map.options.transformRequest as (url: string) => { headers?: Record<string, string> };
    expect(transform('http://localhost/v1/secure/maps/layers/radon?x=1&y=2&z=14').headers).toEqual({
      Authorization: 'Bearer main-token',
    });
    store.dispatch(layerSwitched({ id: 'radon', on: false }));
    expect(ids()).not.toContain('layer-radon-fill');
    expect(map.getSource('layer-radon')).toBeUndefined();
  });

  it('puts the satellite imagery just above the base map, under the parcels', () => {
    const { map, switchOn } = startMap();
    switchOn('satellite');
    // Through the timed outside-tile scheme: an unreachable service fails within seconds, not minutes.
    expect(map.getSource('layer-satellite')?.tiles).toEqual([
      'outside-tile://https://wmts.geo.admin.ch/1.0.0/ch.swisstopo.swissimage/default/current/3857/{z}/{x}/{y}.jpeg',
    ]);
    expect(map.getSource('layer-satellite')?.spec.attribution).toBe('© swisstopo');
    expect(map.before.get('layer-satellite-raster')).toBe('parcels-all-around-fill');
  });

  it("credits the thematic layers' sources in the interface language", () => {
    const { map, switchOn } = startMap();
    switchOn('radon');
    expect(map.getSource('layer-radon')?.spec.attribution).toBe('[layers.attribution.demo]');
    // The engine gets its own property only.
    expect(map.getSource('layer-radon')?.spec).not.toHaveProperty('attributionId');
  });

  it("scales the style's paint by the opacity slider", () => {
    const { store, map, switchOn } = startMap();
    switchOn('floods');
    expect(map.paint.get('layer-floods-fill.fill-opacity')).toBe(0.55);
    store.dispatch(layerOpacityChanged({ id: 'floods', opacity: 0.5 }));
    expect(map.paint.get('layer-floods-fill.fill-opacity')).toBeCloseTo(0.275);
  });

  it('the terrain layer sets and clears 3D terrain (spec §4), from TERRAIN_TILES_URL', () => {
    window.__PARCEL_ATLAS_CONFIG__ = {
      terrainTilesUrl: 'https://dem.example.ch/{z}/{x}/{y}.png',
      terrainTilesEncoding: 'mapbox',
    };
    try {
      const { store, map, container, switchOn } = startMap();
      switchOn('terrain');
      expect(map.terrain).toEqual({ source: 'layer-terrain-dem', exaggeration: 1.4 });
      expect(map.getSource('layer-terrain-dem')?.spec).toMatchObject({
        type: 'raster-dem',
        tiles: ['outside-tile://https://dem.example.ch/{z}/{x}/{y}.png'],
        encoding: 'mapbox',
      });
      expect(container.getAttribute('data-terrain')).toBe('on');
      store.dispatch(layerSwitched({ id: 'terrain', on: false }));
      expect(map.terrain).toBeNull();
      expect(container.getAttribute('data-terrain')).toBe('off');
    } finally {
      delete window.__PARCEL_ATLAS_CONFIG__;
    }
  });

  it('draws no layer whose outside service the deployment switched off, even one the browser kept on', () => {
    window.__PARCEL_ATLAS_CONFIG__ = { terrainTilesUrl: null, satelliteTilesUrl: null };
    try {
      const { map, switchOn, ids } = startMap();
      switchOn('terrain');
      switchOn('satellite');
      switchOn('radon');
      expect(map.terrain ?? null).toBeNull();
      expect(map.getSource('layer-satellite')).toBeUndefined();
      expect(ids()).toContain('layer-radon-fill');
    } finally {
      delete window.__PARCEL_ATLAS_CONFIG__;
    }
  });

  it('3D buildings and solar swap styles when both are on (spec §4): extrusions in solar colours', () => {
    const { store, map, switchOn } = startMap();
    switchOn('buildings-3d');
    const typeColours = (styleFile('buildings-3d').layers[0].paint as Record<string, unknown>)[
      'fill-extrusion-color'
    ];
    switchOn('solar');
    const colour = map.paint.get('layer-buildings-3d-extrusion.fill-extrusion-color') as unknown[];
    expect(JSON.stringify(colour)).toContain('"SOLAR"');
    expect(map.layout.get('layer-solar-roofs.visibility')).toBe('none');
    // The solar tiles are not drawn while hidden: the layer counts as drawn once the extrusions are.
    map.fire('sourcedata', { sourceId: 'layer-buildings-3d', tile: {} });
    expect(map.getContainer().getAttribute('data-layers-drawn')).toBe('buildings-3d solar');
    store.dispatch(layerSwitched({ id: 'solar', on: false }));
    expect(map.paint.get('layer-buildings-3d-extrusion.fill-extrusion-color')).toEqual(typeColours);
    const extrusion = map.getLayer('layer-buildings-3d-extrusion') as { paint: Record<string, unknown> };
    expect(extrusion.paint['fill-extrusion-height']).toEqual(['to-number', ['get', 'HEIGHT'], 0]);
  });

  it("a failing tile source becomes the layer's inline error; a 404 outside the coverage does not, nor one tile given up behind a service that answers", () => {
    const { store, map, switchOn, ids } = startMap();
    switchOn('satellite');
    map.fire('error', { sourceId: 'layer-satellite', error: { message: 'Not found', status: 404 } });
    expect(store.getState().layers.status.satellite).toEqual({ state: 'ready' });
    map.fire('error', {
      sourceId: 'layer-satellite',
      error: { message: 'Tile … still unanswered after 24 s', status: TILE_WAITED_TOO_LONG_STATUS },
    });
    expect(store.getState().layers.status.satellite).toEqual({ state: 'ready' });
    switchOn('noise');
    map.fire('error', { sourceId: 'layer-noise', error: { message: 'Failed to fetch', status: 0 } });
    expect(store.getState().layers.status.noise).toEqual({ state: 'error', message: 'Failed to fetch' });
    expect(ids()).not.toContain('layer-noise-fill');
  });

  it('marks the layers whose tiles are all in after the map goes idle (the browser tests time this)', () => {
    const { map, container, switchOn } = startMap();
    switchOn('radon');
    switchOn('floods');
    switchOn('noise');
    map.fire('sourcedata', { sourceId: 'layer-radon', tile: {} });
    map.fire('sourcedata', { sourceId: 'layer-floods', tile: {} });
    map.loading.add('layer-floods');
    // Noise has had no tile yet: a source with nothing requested is not "drawn".
    map.fire('idle');
    expect(container.getAttribute('data-layers-drawn')).toBe('radon');
    map.loading.delete('layer-floods');
    map.fire('sourcedata', { sourceId: 'layer-floods', tile: {} });
    expect(container.getAttribute('data-layers-drawn')).toBe('radon floods');
  });
});
