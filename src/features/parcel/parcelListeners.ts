import { startAppListening } from '../../app/listenerMiddleware';
import { showSnackbar } from '../ui/uiSlice';
import { serverErrorBody } from '../search/serverErrorBody';
import { parcelApi } from './parcelApi';

/**
 * Full-detail failure (spec §8): the server's message followed by 'Check your Plan and upgrade to
 * receive more limits'; with no message, 'No results found'.
 */
startAppListening({
  matcher: parcelApi.endpoints.getParcelFull.matchRejected,
  effect: (action, listenerApi) => {
    if (action.meta.condition || !action.payload) return;
    const status = (action.payload as { status?: unknown }).status;
    if (status === 401 || status === 403) return;
    const body = serverErrorBody(action.payload);
    const message = body.errorMessage ?? body.message;
    listenerApi.dispatch(
      showSnackbar(
        'error',
        message ? { id: 'parcel.detail.failed', values: { message } } : { id: 'search.noResults' },
      ),
    );
  },
});
