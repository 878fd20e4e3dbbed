import { isAnyOf, isRejected } from '@reduxjs/toolkit';
import { reportableRefusal } from '../../api/responses';
import type { AppStartListening } from '../../app/store';
import { zoomToResultsRequested } from '../map/mapSlice';
import { searchRestored } from '../search/searchSlice';
import { searchFromQueryString } from '../search/searchUrlSync';
import { showSnackbar } from '../ui/uiSlice';
import { savedSearchEndpoints } from './savedSearchEndpoints';
import { savedSearchRun } from './savedSearchesSlice';

const { createSavedSearch, updateSavedSearch, deleteSavedSearch } = savedSearchEndpoints.endpoints;

/**
 * Running a saved search restores it as a link would (the URL sync writes it to the address bar) and fits
 * the map to its area of interest; saving says so; every refusal shows the server's message.
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
  startListening({
    matcher: createSavedSearch.matchFulfilled,
    effect: (action, api) => {
      api.dispatch(
        showSnackbar('success', { id: 'savedSearches.saved', values: { name: action.payload.name } }),
      );
    },
  });
  startListening({
    matcher: isAnyOf(
      createSavedSearch.matchRejected,
      updateSavedSearch.matchRejected,
      deleteSavedSearch.matchRejected,
    ),
    effect: (action, api) => {
      const refusal = isRejected(action) ? reportableRefusal(action) : undefined;
      if (!refusal) return;
      api.dispatch(
        refusal.message
          ? showSnackbar('error', { text: refusal.message })
          : showSnackbar('error', { id: 'savedSearches.failed' }),
      );
    },
  });
}
