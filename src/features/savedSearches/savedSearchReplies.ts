import { isAnyOf, isRejected } from '@reduxjs/toolkit';
import { reportableRefusal } from '../../api/responses';
import { addAppListener, type AppDispatch } from '../../store/storeTypes';
import { showSnackbar } from '../ui/uiSlice';
import { savedSearchEndpoints } from './savedSearchEndpoints';

const { createSavedSearch, updateSavedSearch, deleteSavedSearch } = savedSearchEndpoints.endpoints;

let added = false;

/**
 * What the panel's calls tell the user (a search saved; every refusal with the server's message),
 * registered once when the panel's chunk first loads, so none of it weighs on the first load.
 */
export function addSavedSearchReplyListeners(dispatch: AppDispatch): void {
  if (added) return;
  added = true;
  dispatch(
    addAppListener({
      matcher: createSavedSearch.matchFulfilled,
      effect: (action, api) => {
        api.dispatch(
          showSnackbar('success', { id: 'savedSearches.saved', values: { name: action.payload.name } }),
        );
      },
    }),
  );
  dispatch(
    addAppListener({
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
    }),
  );
}
