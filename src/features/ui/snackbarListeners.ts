import { startAppListening } from '../../app/listenerMiddleware';
import { SNACKBAR_HIDE_MS } from '../../lib/timing';
import { closeSnackbar, showSnackbar } from './uiSlice';

startAppListening({
  actionCreator: showSnackbar,
  effect: async (action, listenerApi) => {
    await listenerApi.delay(SNACKBAR_HIDE_MS);
    listenerApi.dispatch(closeSnackbar(action.payload.key));
  },
});
