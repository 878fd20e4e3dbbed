import { startAppListening } from '../../app/listenerMiddleware';
import { navigateTo, showSnackbar } from '../ui/uiSlice';
import { isForbiddenAction } from './isForbiddenAction';
import { clearSession } from './sessionSlice';

// Spec §8: any 403 → error snackbar, the session is cleared and the user goes to the login page.
startAppListening({
  predicate: (action) => isForbiddenAction(action),
  effect: (_action, listenerApi) => {
    listenerApi.dispatch(showSnackbar('error', { id: 'error.accessDenied' }));
    listenerApi.dispatch(clearSession());
    listenerApi.dispatch(navigateTo('/login'));
  },
});
