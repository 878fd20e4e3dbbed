import { isAnyOf } from '@reduxjs/toolkit';
import { locationChanged } from '../../store/appLifecycle';
import { ROUTE_PATHS } from '../../routing/routePaths';
import type { AppStartListening } from '../../store/storeTypes';
import type { MapLayerId } from '../../contract/MapLayers';
import { parseLayerStyleFile } from './LayerStyleFile';
import { layerOffered } from './outsideServices';
import { knownLayerIds, layerFailed, layersRestored, layerSwitched, styleLoaded } from './layersSlice';

/** The map view's query parameter with the layers that are on (`layers=radon,floods`). */
export const LAYERS_URL_KEY = 'layers';

/** The layers a query string switches on, in panel order; those this deployment does not offer left out. */
export function layersFromQueryString(query: string): MapLayerId[] {
  const raw = new URLSearchParams(query).get(LAYERS_URL_KEY) ?? '';
  return knownLayerIds(raw.split(',').map((id) => id.trim())).filter((id) => layerOffered(id));
}

/** The query string with `layers=` set to these layers (dropped when none), every other key kept. */
export function queryStringWithLayers(query: string, layers: readonly MapLayerId[]): string {
  const params = new URLSearchParams(query);
  if (layers.length > 0) params.set(LAYERS_URL_KEY, layers.join(','));
  else params.delete(LAYERS_URL_KEY);
  // URLSearchParams would write the commas as %2C; the plain list reads better in a shared link.
  return params.toString().replace(/%2C/g, ',');
}

const sameLayers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** The static style file of a layer (public/styles/<id>.json on the app's own origin). */
export function layerStyleUrl(id: MapLayerId): string {
  return `${window.location.origin}/styles/${id}.json`;
}

/**
 * The layers' side effects: a switched-on layer's style file is fetched once (a failure becomes the
 * panel's inline error, and switching on again retries), and the URL's `layers=` mirrors the layers
 * that are on, so a shared link restores them.
 */
export function addLayersListeners(startListening: AppStartListening): void {
  const fetching = new Set<MapLayerId>();

  startListening({
    matcher: isAnyOf(layerSwitched, layersRestored),
    effect: async (_action, listenerApi) => {
      const { on, styles } = listenerApi.getState().layers;
      const missing = on.filter((id) => !styles[id] && !fetching.has(id));
      await Promise.all(
        missing.map(async (id) => {
          fetching.add(id);
          try {
            const response = await fetch(layerStyleUrl(id));
            if (!response.ok) throw new Error(`HTTP ${response.status}`);
            listenerApi.dispatch(styleLoaded({ id, style: parseLayerStyleFile(id, await response.json()) }));
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            listenerApi.dispatch(layerFailed({ id, message }));
          } finally {
            fetching.delete(id);
          }
        }),
      );
    },
  });

  startListening({
    actionCreator: locationChanged,
    effect: ({ payload: location }, listenerApi) => {
      if (location.pathname !== ROUTE_PATHS.mapview) return;
      const { on } = listenerApi.getState().layers;
      // A map-view URL without `layers=` (back from the settings, the top bar's link) keeps the layers on
      // screen and writes them back, as the search keeps its filters: the next copied link carries them.
      if (!new URLSearchParams(location.search).has(LAYERS_URL_KEY)) {
        if (on.length === 0) return;
        const search = queryStringWithLayers(location.search, knownLayerIds(on));
        void listenerApi.extra.navigate({ pathname: ROUTE_PATHS.mapview, search }, { replace: true });
        return;
      }
      const wanted = layersFromQueryString(location.search);
      if (!sameLayers(wanted, on)) listenerApi.dispatch(layersRestored(wanted));
    },
  });

  startListening({
    predicate: (_action, current, previous) => current.layers.on !== previous.layers.on,
    effect: (_action, listenerApi) => {
      const { location } = listenerApi.extra.state;
      if (location.pathname !== ROUTE_PATHS.mapview) return;
      const { on } = listenerApi.getState().layers;
      if (sameLayers(layersFromQueryString(location.search), on)) return;
      const search = queryStringWithLayers(location.search, knownLayerIds(on));
      void listenerApi.extra.navigate({ pathname: ROUTE_PATHS.mapview, search }, { replace: true });
    },
  });
}
