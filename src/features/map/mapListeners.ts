import type { AppStartListening } from '../../app/store';
import { searchApi } from '../search/searchApi';
import { searchRequested, searchStarted } from '../search/searchSlice';
import { lonLatBox } from './clusters/lonLatBox';
import { zoomToResultsRequested } from './mapSlice';
import { addMapUrlSync } from './shareLink/mapUrlSync';

/** How long a search may take before its automatic zoom is given up, ms. */
const RESULTS_WAIT_MS = 60_000;

/** The map's side effects: the share-link URL sync and the automatic zoom to a search's results. */
export function addMapListeners(startListening: AppStartListening): void {
  addMapUrlSync(startListening);

  /** The camera request current when the search was asked for (a search starts after the typing pause). */
  let flightAtRequest: number | undefined;
  startListening({
    actionCreator: searchRequested,
    effect: (_action, listenerApi) => {
      flightAtRequest = listenerApi.getState().map.flyTo?.seq;
    },
  });

  /**
   * When all hits of a new search lie in one municipality, the map zooms there by itself once the
   * spec's start-view flight ends (issue 14 item 9); with hits in several it offers "Zoom to results".
   * Paging and searches restored from a link do not move the camera, nor does a search whose results
   * come after the user already chose a parcel.
   */
  startListening({
    actionCreator: searchStarted,
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const active = listenerApi.getState().search.active;
      if (!active) return;
      const select = searchApi.endpoints.searchParcels.select(active);
      const ready = await listenerApi.condition(
        (_next, state) => select(state).isSuccess || select(state).isError,
        RESULTS_WAIT_MS,
      );
      // A parcel chosen meanwhile (a result card of cached results) has the camera: no zoom out again.
      if (!ready || listenerApi.getState().map.flyTo?.seq !== flightAtRequest) return;
      const results = select(listenerApi.getState()).data;
      const buckets = results?.aggregations.byLocation.buckets ?? [];
      const viewport = results?.aggregations.viewport;
      if (buckets.length === 1 && viewport)
        listenerApi.dispatch(zoomToResultsRequested(lonLatBox(viewport.bounds)));
    },
  });
}
