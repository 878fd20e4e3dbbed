import { isAnyOf } from '@reduxjs/toolkit';
import { reportableRefusal } from '../../api/responses';
import type { AppStartListening } from '../../store/storeTypes';
import { hasSearchInput } from '../../contract/SearchParameters';
import { LIMIT_REACHED_CODES } from '../../contract/Subscription';
import { SEARCH_SPINNER_MS, TYPING_DEBOUNCE_MS } from '../../lib/timing';
import { asSentence, refusalSnackbar, upgradeActionFor } from '../plans/limitReachedSnackbar';
import { showSnackbar } from '../ui/uiSlice';
import { lookupApi, searchApi } from './searchApi';
import {
  lookupQueryReady,
  lookupTyped,
  pageChanged,
  pageCount,
  searchCleared,
  searchRequested,
  searchSpinnerCleared,
  searchStarted,
} from './searchSlice';

/** The search's side effects: debounces, its snackbars (spec §8), and the page bound (the URL is the URL-state table's). */
export function addSearchListeners(startListening: AppStartListening): void {
  addSearchExportListeners(startListening);

  /** A search runs 450 ms after the last request for one (spec §4); an empty one only clears (spec §5). */
  startListening({
    actionCreator: searchRequested,
    effect: async (action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      await listenerApi.delay(TYPING_DEBOUNCE_MS);
      listenerApi.dispatch(hasSearchInput(action.payload) ? searchStarted() : searchCleared());
    },
  });

  /** The searching spinner clears 2500 ms after the last search request (spec §4). */
  startListening({
    actionCreator: searchRequested,
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      await listenerApi.delay(SEARCH_SPINNER_MS);
      listenerApi.dispatch(searchSpinnerCleared());
    },
  });

  /**
   * Lookups wait 450 ms after typing (spec §7). Each field debounces on its own: the text is sent only
   * if it is still what the field holds when the delay ends.
   */
  startListening({
    actionCreator: lookupTyped,
    effect: async (action, listenerApi) => {
      const { field, text } = action.payload;
      await listenerApi.delay(TYPING_DEBOUNCE_MS);
      if (listenerApi.getState().search.lookupText[field] === text)
        listenerApi.dispatch(lookupQueryReady({ field, text }));
    },
  });

  /** No hits: a warning with the server's message or 'No results found' (spec §8). */
  startListening({
    matcher: searchApi.endpoints.searchParcels.matchFulfilled,
    effect: (action, listenerApi) => {
      if (action.payload.hits.total.value > 0) return;
      const message = action.payload.errorMessage;
      listenerApi.dispatch(showSnackbar('warning', message ? { text: message } : { id: 'search.noResults' }));
    },
  });

  /** A refused search: the plan's limit as an error, anything else as the no-hits warning (spec §8). */
  startListening({
    matcher: searchApi.endpoints.searchParcels.matchRejected,
    effect: (action, listenerApi) => {
      const refusal = reportableRefusal(action);
      if (!refusal) return;
      const { errorCode, message } = refusal;
      const severity = errorCode === LIMIT_REACHED_CODES.advance_search ? 'error' : 'warning';
      listenerApi.dispatch(
        showSnackbar(
          severity,
          message ? { text: asSentence(message) } : { id: 'search.noResults' },
          upgradeActionFor(errorCode),
        ),
      );
    },
  });

  /** A lookup list that fails to load (spec §8). */
  startListening({
    matcher: isAnyOf(
      lookupApi.endpoints.findCantons.matchRejected,
      lookupApi.endpoints.findThermals.matchRejected,
      lookupApi.endpoints.findLocationNames.matchRejected,
      lookupApi.endpoints.findAlphas.matchRejected,
      lookupApi.endpoints.findStreets.matchRejected,
    ),
    effect: (action, listenerApi) => {
      // isAnyOf over five endpoints loses the rejected action's shape; all five share it.
      const rejected = action as unknown as { meta: { condition: boolean }; payload?: { status?: unknown } };
      if (rejected.meta.condition) return;
      const status = rejected.payload?.status;
      if (status === 401 || status === 403) return;
      listenerApi.dispatch(showSnackbar('error', { id: 'search.lookupFailed' }));
    },
  });

  /** The page stays within 1..the page count (spec §5): a page past the end (an old link) goes to the last one. */
  startListening({
    matcher: searchApi.endpoints.searchParcels.matchFulfilled,
    effect: (action, listenerApi) => {
      const { total } = action.payload.hits;
      const { page, size } = action.meta.arg.originalArgs.paging;
      const { pages } = pageCount(total.value, size, total.relation);
      if (total.value > 0 && page > pages) listenerApi.dispatch(pageChanged(pages));
    },
  });
}

/** A search export saved (saying when the file holds only the first part of the result), or refused. */
function addSearchExportListeners(startListening: AppStartListening): void {
  const { exportSearch } = searchApi.endpoints;
  startListening({
    matcher: exportSearch.matchFulfilled,
    effect: ({ payload }, api) => {
      // A background export is shown by the export notice (exports/ExportJobsNotice).
      if ('background' in payload) return;
      const { fileName, exported, total } = payload;
      api.dispatch(
        showSnackbar('success', {
          id: exported < total ? 'search.export.savedFirst' : 'search.export.saved',
          values: { file: fileName, exported, total },
        }),
      );
    },
  });
  startListening({
    matcher: exportSearch.matchRejected,
    effect: (action, api) => {
      const refusal = reportableRefusal(action);
      if (!refusal) return;
      api.dispatch(refusalSnackbar(refusal, 'search.export.failed'));
    },
  });
}
