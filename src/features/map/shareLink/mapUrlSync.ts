import { locationChanged } from '../../../store/appLifecycle';
import { ROUTE_PATHS } from '../../../routing/routePaths';
import type { AppStartListening, RootState } from '../../../store/storeTypes';
import { parcelSelected } from '../../parcel/parcelSlice';
import { siteRestored } from '../../site/siteSlice';
import { mapViewRestored } from '../mapSlice';
import {
  PARCEL_PARAM,
  readParcelParam,
  readSiteParam,
  readViewParam,
  SITE_PARAM,
  VIEW_PARAM,
  viewParamValue,
  withShareLink,
  type CameraView,
} from './shareLinkParams';

function screenView(state: RootState): CameraView {
  const { center, zoom, pitch, bearing } = state.map;
  return { center, zoom, pitch, bearing };
}

const siteIdsOf = (state: RootState): string[] => state.site.entries.map((entry) => entry.egrid);

/**
 * Keeps the share-link parameters of the map view's URL in step with the screen (issue 14 item 11), as
 * the search's URL sync does for the filters: arriving at a URL (a shared link, back/forward) restores
 * its camera, parcel and site; a camera move, another parcel or a change of the site rewrites the URL
 * (replace, no history entry).
 */
export function addMapUrlSync(startListening: AppStartListening): void {
  startListening({
    actionCreator: locationChanged,
    effect: ({ payload: location }, listenerApi) => {
      if (location.pathname !== ROUTE_PATHS.mapview) return;
      const params = new URLSearchParams(location.search);
      const state = listenerApi.getState();
      const view = readViewParam(params.get(VIEW_PARAM));
      if (view && viewParamValue(view) !== viewParamValue(screenView(state)))
        listenerApi.dispatch(mapViewRestored(view));
      const parcelId = readParcelParam(params.get(PARCEL_PARAM));
      if (parcelId && parcelId !== state.parcel.selectedParcelId)
        listenerApi.dispatch(parcelSelected({ id: parcelId }));
      // Only on arrival (a link, back/forward): the replacements this sync writes itself lag behind quick
      // shift-clicks, and would put back a site the user has already added to.
      const siteIds = readSiteParam(params.get(SITE_PARAM));
      const arrived = location.navigation !== 'REPLACE';
      if (arrived && siteIds.length > 0 && siteIds.join(',') !== siteIdsOf(state).join(','))
        listenerApi.dispatch(siteRestored(siteIds));
    },
  });

  startListening({
    predicate: (_action, current, previous) =>
      current.map.center !== previous.map.center ||
      current.map.zoom !== previous.map.zoom ||
      current.map.pitch !== previous.map.pitch ||
      current.map.bearing !== previous.map.bearing ||
      current.parcel.selectedParcelId !== previous.parcel.selectedParcelId ||
      current.site.entries !== previous.site.entries,
    effect: (_action, listenerApi) => {
      const { location } = listenerApi.extra.state;
      if (location.pathname !== ROUTE_PATHS.mapview) return;
      const state = listenerApi.getState();
      const query = location.search.replace(/^\?/, '');
      const wanted = withShareLink(query, screenView(state), {
        parcelId: state.parcel.selectedParcelId,
        siteIds: siteIdsOf(state),
      });
      if (query === wanted) return;
      void listenerApi.extra.navigate({ pathname: ROUTE_PATHS.mapview, search: wanted }, { replace: true });
    },
  });
}
