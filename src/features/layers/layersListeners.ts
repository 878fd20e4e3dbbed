import { isAnyOf } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../store/storeTypes';
import type { MapLayerId } from '../../contract/MapLayers';
import { parseLayerStyleFile } from './LayerStyleFile';
import { layerFailed, layersRestored, layerSwitched, styleLoaded } from './layersSlice';

/** The static style file of a layer (public/styles/<id>.json on the app's own origin). */
export function layerStyleUrl(id: MapLayerId): string {
  return `${window.location.origin}/styles/${id}.json`;
}

/**
 * The layers' side effects: a switched-on layer's style file is fetched once (a failure becomes the
 * panel's inline error, and switching on again retries). The URL's `layers=` is the URL-state table's row.
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
}
