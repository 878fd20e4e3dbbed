import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { mainApi } from '../api/mainApi';
import { paymentApi } from '../api/paymentApi';
import { ssoApi } from '../api/ssoApi';
import { addAuthListeners } from '../features/auth/authListeners';
import type { SessionState } from '../features/auth/sessionSlice';
import { addI18nListeners } from '../features/i18n/languageListeners';
import { addLayersListeners } from '../features/layers/layersListeners';
import { addListsListeners } from '../features/lists/listListeners';
import { addExportJobListeners } from '../features/exports/exportJobListeners';
import { addCompareListeners } from '../features/compare/compareListeners';
import { addSiteListeners } from '../features/site/siteListeners';
import type { CompareState } from '../features/compare/compareSlice';
import { addSavedSearchListeners } from '../features/savedSearches/savedSearchListeners';
import { addNotificationListeners } from '../features/notifications/notificationListeners';
import { addMapListeners } from '../features/map/mapListeners';
import { addParcelListeners } from '../features/parcel/parcelSlice';
import { addRealtimeListeners } from '../features/realtime/socketListeners';
import { addReportListeners } from '../features/reports/reportListeners';
import { addSearchListeners } from '../features/search/searchListeners';
import { devToolsSanitizers } from '../features/support/secretRedaction';
import { addSupportListeners } from '../features/support/storeSnapshot';
import { addUiListeners } from '../features/ui/uiSlice';
import { addUrlStateListeners } from '../features/urlState/urlStateListeners';
import { locationChanged, type AppLocation, type AppRouter } from '../store/appLifecycle';
import type { AppStartListening } from '../store/storeTypes';
import { rootReducer } from './rootReducer';

type RootState = ReturnType<typeof rootReducer>;

/** Preloaded state for tests and fixtures: any slice, the session without redux-persist's bookkeeping. */
type PreloadedState = Partial<Omit<RootState, 'session' | 'compare'>> & {
  session?: SessionState;
  compare?: CompareState;
};

// What features know of the store: its types, registered in the kernel (src/store/storeTypes.ts) so that
// features never import this composition root.
declare module '../store/storeTypes' {
  interface StoreRegistry {
    store: ReturnType<typeof makeStore>;
    preloadedState: PreloadedState;
  }
}

export interface MakeStoreOptions {
  /** The app's router (createBrowserRouter) or a test's (createMemoryRouter): the listeners' `extra`. */
  router: AppRouter;
  preloadedState?: PreloadedState;
}

function locationOf(router: AppRouter): AppLocation {
  const { location, historyAction } = router.state;
  return { pathname: location.pathname, search: location.search, navigation: historyAction };
}

/**
 * A store with its own listener middleware: every feature registers its side effects on it, and the
 * router reaches them as `extra`. The router's start location and every later one are reported as
 * `locationChanged`, so the URL ↔ store sync (features/urlState, every query key) is a listener too.
 */
export function makeStore({ router, preloadedState }: MakeStoreOptions) {
  const listenerMiddleware = createListenerMiddleware({ extra: router });
  const store = configureStore({
    reducer: rootReducer,
    // The persisted session's `_persist` entry is added by redux-persist itself on PERSIST.
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listenerMiddleware.middleware)
        .concat(ssoApi.middleware, mainApi.middleware, paymentApi.middleware),
    // DevTools show every action and state with tokens and passwords hidden.
    devTools: devToolsSanitizers,
  });
  const startListening = listenerMiddleware.startListening as AppStartListening;
  for (const addListeners of FEATURE_LISTENERS) addListeners(startListening);

  let reported = router.state.location.key;
  store.dispatch(locationChanged(locationOf(router)));
  router.subscribe((state) => {
    if (state.location.key === reported) return;
    reported = state.location.key;
    store.dispatch(locationChanged(locationOf(router)));
  });
  return store;
}

/** Every feature's side effects, registered on each store's own listener middleware. */
const FEATURE_LISTENERS: ((startListening: AppStartListening) => void)[] = [
  addAuthListeners,
  addI18nListeners,
  addUiListeners,
  addSearchListeners,
  addUrlStateListeners,
  addParcelListeners,
  addMapListeners,
  addRealtimeListeners,
  addLayersListeners,
  addNotificationListeners,
  addReportListeners,
  addListsListeners,
  addExportJobListeners,
  addCompareListeners,
  addSiteListeners,
  addSavedSearchListeners,
  addSupportListeners,
];
