import { isRejected } from '@reduxjs/toolkit';
import { reportableRefusal } from '../../api/responses';
import type { AppStartListening } from '../../store/storeTypes';
import { refusalSnackbar } from '../plans/limitReachedSnackbar';
import { showSnackbar } from '../ui/uiSlice';
import { siteEndpoints } from './siteEndpoints';

const { downloadSiteFile } = siteEndpoints.endpoints;

/** What the site's downloads tell the user: the file saved, or why it was refused (with the upgrade). */
export function addSiteListeners(startListening: AppStartListening): void {
  startListening({
    matcher: downloadSiteFile.matchFulfilled,
    effect: (action, api) => {
      api.dispatch(
        showSnackbar('success', { id: 'site.panel.saved', values: { fileName: action.payload.fileName } }),
      );
    },
  });
  startListening({
    matcher: downloadSiteFile.matchRejected,
    effect: (action, api) => {
      const refusal = isRejected(action) ? reportableRefusal(action) : undefined;
      if (refusal) api.dispatch(refusalSnackbar(refusal, 'site.panel.failed'));
    },
  });
}
