import type { AppStartListening } from '../../store/storeTypes';
import { searchApi } from '../search/searchApi';
import { searchRequested, searchStarted } from '../search/searchSlice';
import type { Parcel } from '../../contract/Parcel';
import { searchHitsShown, type SearchHitsPlace } from './mapSlice';

/** How long a search may take before its automatic zoom is given up, ms. */
const RESULTS_WAIT_MS = 60_000;

/** Where a search's listed parcels lie: the extent of their centroids and the best-ranked one's centroid. */
export function hitsOnMap(parcels: readonly Pick<Parcel, 'centroid'>[]): SearchHitsPlace | null {
  const points = parcels.flatMap((parcel) => (parcel.centroid ? [parcel.centroid.coordinates] : []));
  if (points.length === 0) return null;
  const lons = points.map(([lon]) => lon);
  const lats = points.map(([, lat]) => lat);
  const [bestLon, bestLat] = points[0];
  return {
    bounds: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
    best: [bestLon, bestLat],
  };
}

/** The map's side effects: the automatic zoom to a search's results. */
export function addMapListeners(startListening: AppStartListening): void {
  /** The camera request current when the search was asked for (a search starts after the typing pause). */
  let flightAtRequest: number | undefined;
  startListening({
    actionCreator: searchRequested,
    effect: (_action, listenerApi) => {
      flightAtRequest = listenerApi.getState().map.flyTo?.seq;
    },
  });

  /**
   * A new search lands where its listed hits can be seen: the map fits the page's parcels, or, when they
   * lie too far apart to be drawn in one view, shows the best-ranked one at zoom 14. A search with no hits
   * leaves the camera where it is. This replaces spec §4's flight to the start view, which left every
   * search under the 'Zoom in for results' banner (ADR 023). Paging and searches restored from a link do
   * not move the camera, nor does a search whose results come after the user already chose a parcel.
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
      const hits = select(listenerApi.getState()).data?.hits.hits ?? [];
      const place = hitsOnMap(hits.map((hit) => hit._source));
      if (place) listenerApi.dispatch(searchHitsShown(place));
    },
  });
}
