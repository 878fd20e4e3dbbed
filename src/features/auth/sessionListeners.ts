import { appReset, appStarted } from '../../app/appLifecycle';
import { startAppListening } from '../../app/listenerMiddleware';
import { reloadPage } from '../../app/reloadPage';
import { CACHE_CLEANER_MS } from '../../lib/timing';
import { logout } from './logout';
import { clearSession, removeExpired } from './sessionSlice';

// The expired-cache cleaner of spec §4: once at start, then every 60 s.
startAppListening({
  actionCreator: appStarted,
  effect: async (_action, listenerApi) => {
    listenerApi.cancelActiveListeners();
    listenerApi.dispatch(removeExpired());
    for (;;) {
      await listenerApi.delay(CACHE_CLEANER_MS);
      listenerApi.dispatch(removeExpired());
    }
  },
});

startAppListening({
  actionCreator: logout,
  effect: (_action, listenerApi) => {
    // Storage first, so slices that start from it (the language) start empty; the cleared session is then
    // all that redux-persist can still write before the reload.
    window.localStorage.clear();
    listenerApi.dispatch(clearSession());
    listenerApi.dispatch(appReset());
    reloadPage();
  },
});
