import { startAppListening } from '../../app/listenerMiddleware';
import { showSnackbar } from '../ui/uiSlice';
import { reportableRefusal } from '../search/reportableRefusal';
import { parcelApi } from './parcelApi';

/**
 * Full-detail failure (spec §8): the server's message followed by 'Check your Plan and upgrade to
 * receive more limits'; with no message, 'No results found'.
 */
startAppListening({
  matcher: parcelApi.endpoints.getParcelFull.matchRejected,
  effect: (action, listenerApi) => {
    const refusal = reportableRefusal(action);
    if (!refusal) return;
    const { message } = refusal;
    listenerApi.dispatch(
      showSnackbar(
        'error',
        message ? { id: 'parcel.detail.failed', values: { message } } : { id: 'search.noResults' },
      ),
    );
  },
});
