import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, startMswServer } from '../msw';
import { MapController } from '../../../src/features/map/MapController';
import { OBJECT_TYPE_COLOURS } from '../../../src/features/map/parcelLayers';
import { searchApi } from '../../../src/features/search/searchApi';
import { parcelApi, parcelSelected } from '../../../src/features/parcel/parcelSlice';
import { searchRestored } from '../../../src/features/search/searchSlice';
import { mapViewRestored, searchHitsShown, zoomToResultsRequested } from '../../../src/features/map/mapSlice';
import { measureModeToggled } from '../../../src/features/map/measure/measureSlice';
import { siteCleared, siteParcelToggled } from '../../../src/features/site/siteSlice';
import {
  mapSelectionShapeChosen,
  mapSelectionToggled,
} from '../../../src/features/map/selection/mapSelectionSlice';
import { HOVER_POPUP_MS } from '../../../src/lib/timing';
import { storeWithRouter } from '../renderWithProviders';
import { sessionFixture } from '../sessionFixture';
import { searchResponse } from '../search/searchFixtures';
import { FakeMap, FakePopup, protocols, workerUrls } from './maplibreMock';

// maplibre-gl ships only an ESM "import" export, which jest's resolver does not pick: mock it by name.
jest.mock('maplibre-gl', () => jest.requireActual('./maplibreMock'), { virtual: true });

function startController() {
  const { store } = storeWithRouter({ session: sessionFixture() });
  const container = document.createElement('div');
  const controller = new MapController({
    container,
    store,
    describeParcel: (properties, summary) => [
      `Parcel ${String(properties.PRC_NO)}`,
      ...(summary
        ? [summary.STREET_ADDRESS ?? '', `${summary.PRC_SUR} m²`, ...(summary.ALPHA_PRIS ?? [])]
        : []),
    ],
    translate: (id) =>
      id === 'map.attribution.base' ? 'Geodaten © Bundesamt für Statistik (BFS), GEOSTAT' : id,
  });
  const map = FakeMap.last;
  map.fire('load');
  return { store, controller, map, container };
}

describe('MapController (design.md §3: the one owner of the map)', () => {
  it('starts at lon 8.4225 lat 46.9587, zoom 7, pitch 20, bearing -20, max pitch 85 with the controls', () => {
    const { map } = startController();
    expect(map.options).toMatchObject({
      center: [8.4225, 46.9587],
      zoom: 7,
      pitch: 20,
      bearing: -20,
      maxPitch: 85,
    });
    expect(map.controls.map((control) => (control as object).constructor.name)).toEqual([
      'NavigationControl',
      'FullscreenControl',
      'ScaleControl',
      'AttributionControl',
    ]);
    expect(workerUrls.at(-1)).toBe('http://localhost/vendor/maplibre-gl-worker.mjs?v=6.17.0');
  });

  it('uses the self-hosted base map with the BFS attribution (in the interface language) when no outside style is configured', () => {
    const { map } = startController();
    const style = map.options.style as { sources: Record<string, { tiles: string[]; attribution: string }> };
    // Through the page's shared tile loader (one fetch per tile however often the engine over-zooms it).
    expect(style.sources.base.tiles).toEqual(['shared-tile://http://localhost/tiles/base/{z}/{x}/{y}.pbf']);
    expect(protocols.has('shared-tile')).toBe(true);
    expect(style.sources.base.attribution).toBe('Geodaten © Bundesamt für Statistik (BFS), GEOSTAT');
  });

  it('uses BASEMAP_STYLE_URL when the runtime config gives one', () => {
    window.__PARCEL_ATLAS_CONFIG__ = { baseMapStyleUrl: 'https://tiles.example.ch/style.json' };
    try {
      const { map } = startController();
      expect(map.options.style).toBe('https://tiles.example.ch/style.json');
    } finally {
      delete window.__PARCEL_ATLAS_CONFIG__;
    }
  });

  it('sends the main-server token with its vector tile requests, and nothing to other hosts', () => {
    const { map } = startController();
    const transform = map.options.transformRequest as (url: string) => {
      url: string;
      headers?: Record<string, string>;
    };
    expect(transform('http://localhost/v1/secure/maps/tile?x=1&y=2&z=14')).toEqual({
      url: 'http://localhost/v1/secure/maps/tile?x=1&y=2&z=14',
      headers: { Authorization: 'Bearer main-token' },
    });
    expect(transform('http://localhost/tiles/base/7/67/44.pbf')).toEqual({
      url: 'http://localhost/tiles/base/7/67/44.pbf',
    });
  });

  it('draws parcels from zoom 14, buildings from 15 in 11 type colours, and clusters between 7 and 14', () => {
    const { map } = startController();
    const layer = (id: string) =>
      map.layers.find((candidate) => candidate.id === id) as Record<string, unknown>;
    expect(layer('parcels-matching-fill').minzoom).toBe(14);
    expect(layer('parcels-all-around-fill').minzoom).toBe(14);
    expect(layer('parcel-objects-fill').minzoom).toBe(15);
    expect(layer('search-clusters-circle')).toMatchObject({ minzoom: 7, maxzoom: 14 });
    expect(Object.keys(OBJECT_TYPE_COLOURS)).toHaveLength(11);
    const colour = (layer('parcel-objects-fill').paint as Record<string, unknown[]>)['fill-color'];
    for (const hex of Object.values(OBJECT_TYPE_COLOURS)) expect(colour).toContain(hex);
    expect(map.sources.get('parcels-all-around')?.tiles).toEqual([
      'http://localhost/v1/secure/maps/all-around?x={x}&y={y}&z={z}',
    ]);
    expect(map.sources.get('parcel-objects')?.tiles).toEqual([
      'http://localhost/v1/secure/maps/objects?x={x}&y={y}&z={z}',
    ]);
  });

  it('follows the search: matching-parcel tiles carry its filters, clusters come from its byLocation buckets', async () => {
    const { store, map } = startController();
    expect(map.layout.get('parcels-matching-fill.visibility')).toBe('none');
    const active = { criteria: { CANTON: 'ZG', LOCNAME: ['Zug'] }, paging: { page: 1, size: 12 } };
    act(() => {
      store.dispatch(searchRestored(active));
    });
    expect(map.layout.get('parcels-matching-fill.visibility')).toBe('visible');
    expect(map.sources.get('parcels-matching')?.tiles).toEqual([
      'http://localhost/v1/secure/maps/tile?x={x}&y={y}&z={z}&CANTON=ZG&LOCNAME=Zug',
    ]);
    await act(async () => {
      await store.dispatch(searchApi.util.upsertQueryData('searchParcels', active, searchResponse(3, 57)));
    });
    // RTK Query's cache updates notify subscribers batched on the next animation frame: wait for the bubbles.
    await waitFor(() =>
      expect(map.sources.get('search-clusters')?.data).toEqual({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [8.51, 47.17] },
            properties: {
              name: 'Zug',
              count: 57,
              label: '57',
              west: 8.51,
              south: 47.17,
              east: 8.51,
              north: 47.17,
            },
          },
        ],
      }),
    );
  });

  it('merges the bubbles of nearby municipalities anew at each whole zoom level', async () => {
    const { store, map } = startController();
    const active = { criteria: { searchQuery: 'Zug' }, paging: { page: 1, size: 12 } };
    const bucket = (key: string, count: number, lon: number, lat: number) => ({
      key,
      doc_count: count,
      city: { geometry: { type: 'Point' as const, coordinates: [lon, lat] as [number, number] } },
    });
    act(() => {
      store.dispatch(searchRestored(active));
    });
    // Zug and Baar are 4 km apart: one bubble across central Switzerland, two once zoomed in.
    const results = searchResponse(3, 4960, {
      aggregations: {
        byLocation: { buckets: [bucket('Zug', 4953, 8.5155, 47.1662), bucket('Baar', 7, 8.5267, 47.1963)] },
      },
    });
    await act(async () => {
      await store.dispatch(searchApi.util.upsertQueryData('searchParcels', active, results));
    });
    const counts = () =>
      (
        (map.sources.get('search-clusters')?.data as GeoJSON.FeatureCollection | undefined)?.features ?? []
      ).map((feature) => feature.properties?.count as number);
    // RTK Query notifies subscribers on the next animation frame: wait for the first bubbles.
    await waitFor(() => expect(counts()).toEqual([4960]));
    map.zoom = 12.3;
    map.fire('zoom');
    expect(counts().sort((a, b) => a - b)).toEqual([7, 4953]);
  });

  it('waits for the camera to stop before pointing the matching tiles at a new search', () => {
    const { store, map } = startController();
    const before = map.sources.get('parcels-matching')?.tiles;
    map.moving = true;
    act(() => {
      store.dispatch(searchRestored({ criteria: { CANTON: 'ZG' }, paging: { page: 1, size: 12 } }));
    });
    // A new tile URL mid-flight would abort and re-request every tile the flight passes.
    expect(map.sources.get('parcels-matching')?.tiles).toEqual(before);
    map.fire('moveend');
    expect(map.sources.get('parcels-matching')?.tiles).toEqual([
      'http://localhost/v1/secure/maps/tile?x={x}&y={y}&z={z}&CANTON=ZG',
    ]);
  });

  it("lands on a search's hits: fits them where parcels are drawn, else shows the best-ranked one at zoom 14", () => {
    const { store, map } = startController();
    // Hits too far apart to be drawn in one view: the first listed parcel at zoom 14, not a banner.
    map.boundsZoom = 11.5;
    act(() => {
      store.dispatch(searchHitsShown({ bounds: [8.5, 47.1, 8.6, 47.2], best: [8.58, 47.11] }));
    });
    expect(map.fits).toEqual([]);
    expect(map.eases).toEqual([{ center: [8.58, 47.11], zoom: 14 }]);
    // Close together: the fit frames them all.
    map.boundsZoom = 16;
    act(() => {
      store.dispatch(searchHitsShown({ bounds: [8.5, 47.1, 8.501, 47.101], best: [8.5, 47.1] }));
    });
    expect(map.fits).toHaveLength(1);
    expect(map.fits[0].bounds).toEqual([
      [8.5, 47.1],
      [8.501, 47.101],
    ]);
  });

  it('zooms to the results after the flight under way, and jumps to a restored view', () => {
    const { store, map } = startController();
    map.moving = true;
    act(() => {
      store.dispatch(zoomToResultsRequested([8.45, 47.1, 8.6, 47.25]));
    });
    expect(map.fits).toEqual([]);
    map.fire('moveend');
    expect(map.fits).toEqual([
      {
        bounds: [
          [8.45, 47.1],
          [8.6, 47.25],
        ],
        options: { padding: 48, maxZoom: 17, pitch: 20, bearing: -20 },
      },
    ]);
    act(() => {
      store.dispatch(mapViewRestored({ center: [8.54, 47.37], zoom: 15.5, pitch: 45, bearing: 10 }));
    });
    expect(map.jumps).toEqual([{ center: [8.54, 47.37], zoom: 15.5, pitch: 45, bearing: 10 }]);
    expect(map.flights).toEqual([]);
  });

  it('a result card chosen while the search flight is under way wins over the waiting zoom to results', () => {
    const { store, map } = startController();
    map.moving = true;
    act(() => {
      store.dispatch(zoomToResultsRequested([8.45, 47.1, 8.6, 47.25]));
    });
    act(() => {
      store.dispatch(parcelSelected({ id: 'CH99', centroid: { type: 'Point', coordinates: [8.5, 47.2] } }));
    });
    // The card's flight interrupts the search's: its move ends, and the results' fit must not follow.
    map.fire('moveend');
    expect(map.fits).toEqual([]);
    expect(map.flights).toEqual([expect.objectContaining({ center: [8.5, 47.2] })]);
  });

  it('places measure points on map clicks instead of opening parcels while measuring', () => {
    const { store, map } = startController();
    act(() => {
      store.dispatch(measureModeToggled('distance'));
    });
    map.fire('click', { features: [{ properties: { PRC_ID: 'CH42' } }] }, 'parcels-all-around-fill');
    map.fire('click', { lngLat: { lng: 8.5, lat: 47.1 }, originalEvent: { detail: 1 } });
    map.fire('click', { lngLat: { lng: 8.51, lat: 47.1 }, originalEvent: { detail: 1 } });
    expect(store.getState().parcel.selectedParcelId).toBeNull();
    expect(store.getState().measure.points).toEqual([
      [8.5, 47.1],
      [8.51, 47.1],
    ]);
    const drawn = map.sources.get('measure')?.data as GeoJSON.FeatureCollection;
    expect(drawn.features.map((feature) => feature.geometry.type)).toEqual(['Point', 'Point', 'LineString']);
    expect(map.canvas.style.cursor).toBe('crosshair');
  });

  it('finishes a measurement on a double-click without zooming the map; the next click starts a new one', () => {
    const { store, map } = startController();
    act(() => {
      store.dispatch(measureModeToggled('distance'));
    });
    const click = (lng: number, detail: number) =>
      map.fire('click', { lngLat: { lng, lat: 47.1 }, originalEvent: { detail } });
    click(8.5, 1);
    // A double-click: two clicks (the second one counted 2 by the browser), then the dblclick.
    click(8.51, 1);
    click(8.51, 2);
    const preventDefault = jest.fn();
    map.fire('dblclick', { lngLat: { lng: 8.51, lat: 47.1 }, preventDefault });
    expect(preventDefault).toHaveBeenCalled();
    expect(store.getState().measure).toMatchObject({
      points: [
        [8.5, 47.1],
        [8.51, 47.1],
      ],
      finished: true,
    });
    click(8.6, 1);
    expect(store.getState().measure).toMatchObject({ points: [[8.6, 47.1]], finished: false });
    // Not measuring: a double-click is the map's own zoom.
    act(() => {
      store.dispatch(measureModeToggled('distance'));
    });
    const notMeasuring = jest.fn();
    map.fire('dblclick', { lngLat: { lng: 8.51, lat: 47.1 }, preventDefault: notMeasuring });
    expect(notMeasuring).not.toHaveBeenCalled();
  });

  it('highlights the selected parcel and flies to a chosen result at zoom 17, pitch 60', () => {
    const { store, map } = startController();
    act(() => {
      store.dispatch(parcelSelected({ id: 'CH99', centroid: { type: 'Point', coordinates: [8.5, 47.2] } }));
    });
    expect(map.filters.get('parcels-selected')).toEqual(['==', ['get', 'PRC_ID'], 'CH99']);
    expect(map.flights).toEqual([
      {
        center: [8.5, 47.2],
        zoom: 17,
        pitch: 60,
        bearing: undefined,
        padding: { top: 0, bottom: 0, left: 0, right: 440 },
      },
    ]);
    act(() => {
      store.dispatch(parcelSelected({ id: 'CH99' }));
    });
    expect(map.flights).toHaveLength(1);
  });

  it('fills and outlines the parcels of the site being assembled, following the site as it changes', () => {
    const { store, map } = startController();
    expect(map.filters.get('parcels-site-fill')).toEqual(['in', ['get', 'PRC_ID'], ['literal', []]]);
    act(() => {
      store.dispatch(siteParcelToggled({ egrid: 'CH11', number: '11' }));
      store.dispatch(siteParcelToggled({ egrid: 'CH12', number: '12' }));
    });
    const both = ['in', ['get', 'PRC_ID'], ['literal', ['CH11', 'CH12']]];
    expect(map.filters.get('parcels-site-fill')).toEqual(both);
    expect(map.filters.get('parcels-site-line')).toEqual(both);
    act(() => {
      store.dispatch(siteCleared());
    });
    expect(map.filters.get('parcels-site-line')).toEqual(['in', ['get', 'PRC_ID'], ['literal', []]]);
  });

  it('dispatches a parcel click as a selection and reports the view after a move', () => {
    const { store, map } = startController();
    map.fire(
      'click',
      { features: [{ properties: { PRC_ID: 'CH42' } }], originalEvent: { shiftKey: false } },
      'parcels-all-around-fill',
    );
    expect(store.getState().parcel).toMatchObject({ selectedParcelId: 'CH42', detailOpen: true });
    // A shift-click adds the parcel to the site being assembled instead of opening it.
    map.fire(
      'click',
      { features: [{ properties: { PRC_ID: 'CH43', PRC_NO: '43' } }], originalEvent: { shiftKey: true } },
      'parcels-all-around-fill',
    );
    expect(store.getState().site.entries).toEqual([{ egrid: 'CH43', number: '43' }]);
    expect(store.getState().parcel).toMatchObject({ selectedParcelId: 'CH42' });
    map.zoom = 15.5;
    map.fire('moveend');
    expect(store.getState().map.zoom).toBe(15.5);
  });

  it('with "Select on map" a drag draws a box that selects the parcels it meets, once each', () => {
    const { store, map } = startController();
    const container = map.canvasContainer;
    const pointer = (type: string, x: number, y: number, init: MouseEventInit = {}) =>
      // jsdom has no PointerEvent: a mouse event of the pointer type carries the same fields.
      container.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, button: 0, ...init }));
    map.renderedFeatures = [
      { properties: { PRC_ID: 'CH1', PRC_NO: '101' } },
      { properties: { PRC_ID: 'CH2', PRC_NO: '102' } },
      // The same parcel from a neighbouring tile, and as a surrounding parcel.
      { properties: { PRC_ID: 'CH1', PRC_NO: '101' } },
      { properties: {} },
    ];
    // Off: a drag pans the map and selects nothing.
    pointer('pointerdown', 300, 200);
    pointer('pointerup', 100, 50);
    expect(map.featureQueries).toEqual([]);
    expect(map.dragPan.enabled).toBe(true);

    act(() => {
      store.dispatch(mapSelectionToggled());
    });
    expect(map.dragPan.enabled).toBe(false);
    const box = container.querySelector<HTMLElement>('[data-testid="map-selection-box"]')!;
    pointer('pointerdown', 300, 200);
    pointer('pointermove', 150, 120);
    expect(box.hidden).toBe(false);
    expect([box.style.left, box.style.top, box.style.width, box.style.height]).toEqual([
      '150px',
      '120px',
      '150px',
      '80px',
    ]);
    act(() => {
      pointer('pointerup', 100, 50);
    });
    expect(box.hidden).toBe(true);
    // Drawn from bottom right to top left, asked as top left to bottom right, on the parcel fills.
    expect(map.featureQueries).toEqual([
      {
        geometry: [
          [100, 50],
          [300, 200],
        ],
        options: { layers: ['parcels-matching-fill', 'parcels-all-around-fill'] },
      },
    ]);
    expect(store.getState().mapSelection.parcels).toEqual([
      { prcId: 'CH1', prcNo: '101' },
      { prcId: 'CH2', prcNo: '102' },
    ]);
    expect(map.filters.get('parcels-map-selection-line')).toEqual([
      'in',
      ['get', 'PRC_ID'],
      ['literal', ['CH1', 'CH2']],
    ]);

    // A click (no travel) and a shift-drag (box zoom, shift-click builds a site) are not selections.
    pointer('pointerdown', 10, 10);
    pointer('pointerup', 12, 11);
    pointer('pointerdown', 10, 10, { shiftKey: true });
    pointer('pointerup', 200, 200, { shiftKey: true });
    expect(map.featureQueries).toHaveLength(1);

    // Off again: panning is back and the selection is forgotten.
    act(() => {
      store.dispatch(mapSelectionToggled());
    });
    expect(map.dragPan.enabled).toBe(true);
    expect(store.getState().mapSelection.parcels).toBeNull();
    expect(map.filters.get('parcels-map-selection-fill')).toEqual(['in', ['get', 'PRC_ID'], ['literal', []]]);
  });

  it('in the lasso shape a drawn outline selects the parcels it meets, not roads; Escape cancels it', () => {
    const { store, map } = startController();
    const container = map.canvasContainer;
    const pointer = (type: string, x: number, y: number) =>
      container.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, button: 0 }));
    // Squares in degrees; the mock projects ten pixels a degree.
    const square = (x: number, y: number, size: number) => ({
      type: 'Polygon',
      coordinates: [
        [
          [x, y],
          [x + size, y],
          [x + size, y + size],
          [x, y + size],
          [x, y],
        ],
      ],
    });
    map.renderedFeatures = [
      { properties: { PRC_ID: 'CH1', PRC_NO: '101', PRC_IND: 'Standard' }, geometry: square(11, 11, 2) },
      // Inside the lasso's bounding box but outside the outline drawn.
      { properties: { PRC_ID: 'CH2', PRC_NO: '102', PRC_IND: 'Standard' }, geometry: square(27, 17, 2) },
      { properties: { PRC_ID: 'CH3', PRC_NO: '900', PRC_IND: 'Road' }, geometry: square(12, 12, 1) },
    ];
    act(() => {
      store.dispatch(mapSelectionToggled());
      store.dispatch(mapSelectionShapeChosen('lasso'));
    });
    expect(container.style.touchAction).toBe('none');
    const lasso = container.querySelector<SVGElement>('[data-testid="map-selection-lasso"]')!;
    // An outline from (100, 100) right to (300, 100), back down-left through (200, 200) to (100, 300).
    pointer('pointerdown', 100, 100);
    pointer('pointermove', 200, 100);
    pointer('pointermove', 300, 100);
    pointer('pointermove', 200, 200);
    expect(lasso.style.display).toBe('');
    expect(lasso.querySelector('polygon')!.getAttribute('points')).toBe('100,100 200,100 300,100 200,200');
    // Escape drops the lasso under way; the tool stays on.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(lasso.style.display).toBe('none');
    pointer('pointerup', 100, 300);
    expect(map.featureQueries).toEqual([]);
    expect(store.getState().mapSelection.active).toBe(true);

    pointer('pointerdown', 100, 100);
    pointer('pointermove', 300, 100);
    pointer('pointermove', 200, 200);
    act(() => {
      pointer('pointerup', 100, 300);
    });
    expect(lasso.style.display).toBe('none');
    // The lasso's bounding box is asked, then each outline is tested against the lasso itself.
    expect(map.featureQueries).toEqual([
      {
        geometry: [
          [100, 100],
          [300, 300],
        ],
        options: { layers: ['parcels-matching-fill', 'parcels-all-around-fill'] },
      },
    ]);
    expect(store.getState().mapSelection).toMatchObject({
      parcels: [{ prcId: 'CH1', prcNo: '101' }],
      roadsLeftOut: 1,
    });
    act(() => {
      store.dispatch(mapSelectionToggled());
    });
    expect(container.style.touchAction).toBe('');
  });

  it('shows the hover popup only after the pointer rests 388 ms on a parcel', () => {
    jest.useFakeTimers();
    try {
      const { map } = startController();
      FakePopup.shown.length = 0;
      map.fire(
        'mousemove',
        { features: [{ properties: { PRC_NO: '77' } }], lngLat: { lng: 8.5, lat: 47.1 } },
        'parcels-matching-fill',
      );
      jest.advanceTimersByTime(HOVER_POPUP_MS - 1);
      expect(FakePopup.shown).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(FakePopup.shown).toEqual(['Parcel 77']);
      map.fire(
        'mousemove',
        { features: [{ properties: { PRC_NO: '78' } }], lngLat: { lng: 8.5, lat: 47.1 } },
        'parcels-matching-fill',
      );
      map.fire('mouseleave', {}, 'parcels-matching-fill');
      jest.advanceTimersByTime(HOVER_POPUP_MS);
      expect(FakePopup.shown).toEqual(['Parcel 77']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('zooms a clicked count bubble to the extent it holds; a one-point bubble to where parcels show', () => {
    const { map } = startController();
    map.zoom = 9.5;
    const click = (properties: Record<string, number>) =>
      map.fire(
        'click',
        { features: [{ geometry: { type: 'Point', coordinates: [8.51, 47.17] }, properties }] },
        'search-clusters-circle',
      );
    click({ count: 60, west: 8.45, south: 47.1, east: 8.6, north: 47.25 });
    expect(map.fits.map((fit) => fit.bounds)).toEqual([
      [
        [8.45, 47.1],
        [8.6, 47.25],
      ],
    ]);
    click({ count: 1, west: 8.51, south: 47.17, east: 8.51, north: 47.17 });
    expect(map.eases).toEqual([{ center: [8.51, 47.17], zoom: 14 }]);
  });

  it('stops following the store and removes the map when destroyed', () => {
    const { store, map, controller } = startController();
    controller.destroy();
    expect(map.removed).toBe(true);
    store.dispatch(parcelSelected({ id: 'CH1', centroid: { type: 'Point', coordinates: [8, 47] } }));
    expect(map.flights).toHaveLength(0);
  });

  it('leaves the map alone on store changes that do not concern it: no data, filter or paint set again', () => {
    const { store, map } = startController();
    const touched: string[] = [];
    for (const [id, source] of map.sources)
      jest.spyOn(source, 'setData').mockImplementation(() => (touched.push(`data ${id}`), Promise.resolve()));
    jest.spyOn(map, 'setFilter').mockImplementation((layer) => touched.push(`filter ${layer}`));
    jest.spyOn(map, 'setPaintProperty').mockImplementation((layer) => touched.push(`paint ${layer}`));
    // Actions the map has nothing to draw for (a language chosen, a dialog's state): each one redrew the map.
    store.dispatch({ type: 'test/unrelated' });
    store.dispatch({ type: 'test/unrelated-again' });
    expect(touched).toEqual([]);
  });

  it('keeps the map instance out of the store (serialisable state only)', () => {
    const { store } = startController();
    expect(() => JSON.stringify(store.getState())).not.toThrow();
    expect(JSON.stringify(store.getState())).not.toContain('FakeMap');
  });
});

describe('the hover popup with the parcel summary', () => {
  const server = startMswServer();
  let asked: string[] = [];
  beforeEach(() => {
    asked = [];
    server.use(
      http.get(apiUrl('/v1/secure/maps/prcid/:id/summary'), ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({
          PRC_ID: params.id,
          PRC_NO: '77',
          PRC_SUR: 812,
          STREET_ADDRESS: 'Baarerstrasse 12',
          ALPHA_PRIS: ['W2'],
        });
      }),
    );
  });

  const rest = (map: FakeMap, id: string) =>
    map.fire(
      'mousemove',
      { features: [{ properties: { PRC_ID: id, PRC_NO: '77' } }], lngLat: { lng: 8.5, lat: 47.1 } },
      'parcels-matching-fill',
    );

  it('adds the address, area and zone once the free summary has loaded', async () => {
    jest.useFakeTimers();
    const { map } = startController();
    FakePopup.shown.length = 0;
    rest(map, 'CH77');
    jest.advanceTimersByTime(HOVER_POPUP_MS);
    jest.useRealTimers();
    expect(FakePopup.shown[0]).toBe('Parcel 77');
    await waitFor(() =>
      expect(FakePopup.shown).toEqual(['Parcel 77', 'Parcel 77 | Baarerstrasse 12 | 812 m² | W2']),
    );
    expect(asked).toEqual(['CH77']);
  });

  it('leaves a popup the pointer has left alone when the summary arrives late', async () => {
    jest.useFakeTimers();
    const { map, store } = startController();
    FakePopup.shown.length = 0;
    rest(map, 'CH78');
    jest.advanceTimersByTime(HOVER_POPUP_MS);
    map.fire('mouseleave', {}, 'parcels-matching-fill');
    jest.useRealTimers();
    await waitFor(() => expect(asked).toEqual(['CH78']));
    // Until the late summary has been handed to the controller (no fixed wait on the clock) …
    await waitFor(() =>
      expect(parcelApi.endpoints.getParcelSummary.select('CH78')(store.getState()).status).toBe('fulfilled'),
    );
    await act(async () => undefined);
    // … which left the closed popup as it was.
    expect(FakePopup.shown).toEqual(['Parcel 77']);
  });
});
