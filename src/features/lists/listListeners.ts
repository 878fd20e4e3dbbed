import { isAnyOf, isRejected } from '@reduxjs/toolkit';
import { reportableRefusal } from '../../api/responses';
import type { AppStartListening } from '../../store/storeTypes';
import { refusalSnackbar } from '../plans/limitReachedSnackbar';
import { showSnackbar } from '../ui/uiSlice';
import { listEndpoints } from './listEndpoints';

const {
  createParcelList,
  updateParcelList,
  deleteParcelList,
  addListItem,
  addListItems,
  removeListItem,
  updateListItem,
  addListNote,
  renameListStatus,
  exportParcelList,
} = listEndpoints.endpoints;

/**
 * What the lists tell the user: a parcel (or a map selection's parcels) added (naming the list), an export saved, and every refusal with
 * the server's message (a used-up plan with the Upgrade action).
 */
export function addListsListeners(startListening: AppStartListening): void {
  startListening({
    matcher: addListItem.matchFulfilled,
    effect: (action, api) => {
      api.dispatch(
        showSnackbar('success', {
          id: 'lists.added',
          values: { list: action.meta.arg.originalArgs.listName },
        }),
      );
    },
  });
  startListening({
    matcher: addListItems.matchFulfilled,
    effect: (action, api) => {
      const { added, alreadyListed } = action.payload;
      const list = action.meta.arg.originalArgs.listName;
      api.dispatch(
        showSnackbar('success', {
          id: alreadyListed > 0 ? 'lists.addedMany.someListed' : 'lists.addedMany',
          values: { count: added, listed: alreadyListed, list },
        }),
      );
    },
  });
  startListening({
    matcher: exportParcelList.matchFulfilled,
    effect: (action, api) => {
      // A background export is shown by the export notice (exports/ExportJobsNotice).
      if ('background' in action.payload) return;
      api.dispatch(
        showSnackbar('success', { id: 'lists.export.saved', values: { file: action.payload.fileName } }),
      );
    },
  });
  startListening({
    matcher: isAnyOf(
      createParcelList.matchRejected,
      updateParcelList.matchRejected,
      deleteParcelList.matchRejected,
      addListItem.matchRejected,
      addListItems.matchRejected,
      removeListItem.matchRejected,
      updateListItem.matchRejected,
      addListNote.matchRejected,
      renameListStatus.matchRejected,
      exportParcelList.matchRejected,
    ),
    effect: (action, api) => {
      const refusal = isRejected(action) ? reportableRefusal(action) : undefined;
      if (!refusal) return;
      api.dispatch(refusalSnackbar(refusal, 'lists.failed'));
    },
  });
}
