import type { AppStartListening } from '../../store/storeTypes';
import { zoomToResultsRequested } from '../map/mapSlice';
import { searchRestored } from '../search/searchSlice';
import { searchFromQueryString } from '../search/searchUrlSync';
import { savedSearchRun } from './savedSearchesSlice';

/**
 * Running a saved search restores it as a link would (the URL-state listener writes it to the address bar) and fits
 * the map to its area of interest. (What saving and refusals tell the user lives with the panel's chunk,
 * outside the first load.)
 */
export function addSavedSearchListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: savedSearchRun,
    effect: ({ payload: saved }, api) => {
      const { criteria, paging } = searchFromQueryString(saved.query);
      api.dispatch(searchRestored({ criteria, paging: { ...paging, page: 1 } }));
      if (saved.area) api.dispatch(zoomToResultsRequested(saved.area));
    },
  });
}
