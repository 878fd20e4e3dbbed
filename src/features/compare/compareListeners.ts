import { isRejected } from '@reduxjs/toolkit';
import { reportableRefusal } from '../../api/responses';
import type { AppStartListening } from '../../store/storeTypes';
import { COMPARISON_MAX_PARCELS, SITE_EGRID_SEPARATOR } from '../../contract/Comparison';
import { asSentence, upgradeActionFor } from '../plans/limitReachedSnackbar';
import { showSnackbar } from '../ui/uiSlice';
import { comparisonEndpoints } from './comparisonEndpoints';
import { parcelCompared } from './compareSlice';

const { downloadComparisonPdf } = comparisonEndpoints.endpoints;

/** What the comparison tells the user: a parcel or site added or refused (the sixth), a PDF saved or refused. */
export function addCompareListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: parcelCompared,
    effect: (action, api) => {
      const before = api.getOriginalState().compare.entries;
      if (before.some((entry) => entry.egrid === action.payload.egrid)) return;
      const max = COMPARISON_MAX_PARCELS;
      api.dispatch(
        before.length >= max
          ? showSnackbar('warning', { id: 'compare.full', values: { max } })
          : showSnackbar('success', {
              id: action.payload.egrid.includes(SITE_EGRID_SEPARATOR) ? 'compare.addedSite' : 'compare.added',
              values: { number: action.payload.number, position: before.length + 1, max },
            }),
      );
    },
  });
  startListening({
    matcher: downloadComparisonPdf.matchFulfilled,
    effect: (action, api) => {
      api.dispatch(
        showSnackbar('success', {
          id: 'compare.screen.pdfSaved',
          values: { fileName: action.payload.fileName },
        }),
      );
    },
  });
  startListening({
    matcher: downloadComparisonPdf.matchRejected,
    effect: (action, api) => {
      const refusal = isRejected(action) ? reportableRefusal(action) : undefined;
      if (!refusal?.message) return;
      const upgrade = upgradeActionFor(refusal.errorCode);
      api.dispatch(
        showSnackbar(
          'error',
          upgrade
            ? { id: 'parcel.detail.failed', values: { message: asSentence(refusal.message) } }
            : { text: refusal.message },
          upgrade,
        ),
      );
    },
  });
}
