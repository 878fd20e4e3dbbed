import type { AppStartListening } from '../../app/store';
import { searchApi } from '../search/searchApi';
import { searchStarted } from '../search/searchSlice';
import type { Parcel } from '../../contract/Parcel';
import { searchHitsShown, type LonLatBox } from './mapSlice';
import { addMapUrlSync } from './shareLink/mapUrlSync';

/** How long a search may take before its automatic zoom is given up, ms. */
const RESULTS_WAIT_MS = 60_000;

/** The extent of the parcels' centroids, or null when none has one. */
export function hitsExtent(parcels: readonly Pick<Parcel, 'centroid'>[]): LonLatBox | null {
  const points = parcels.flatMap((parcel) => (parcel.centroid ? [parcel.centroid.coordinates] : []));
  if (points.length === 0) return null;
  const lons = points.map(([lon]) => lon);
  const lats = points.map(([, lat]) => lat);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

/** The map's side effects: the share-link URL sync and the automatic zoom to a search's results. */
export function addMapListeners(startListening: AppStartListening): void {
  addMapUrlSync(startListening);

  /**
   * A new search lands where its listed hits can be seen: the map fits the extent of the page's parcels
   * (one parcel: zoom 14, where parcels are drawn). A search with no hits leaves the camera where it is.
   * This replaces spec §4's flight back to the start view, which left every search at the whole country
   * or a municipality's extent under the 'Zoom in for results' banner (issue 28 item 8). Paging and
   * searches restored from a link do not move the camera.
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
      if (!ready) return;
      const hits = select(listenerApi.getState()).data?.hits.hits ?? [];
      const extent = hitsExtent(hits.map((hit) => hit._source));
      if (extent) listenerApi.dispatch(searchHitsShown(extent));
    },
  });
}
