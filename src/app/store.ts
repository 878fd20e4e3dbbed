import { configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { mainApi } from '../api/mainApi';
import { paymentApi } from '../api/paymentApi';
import { ssoApi } from '../api/ssoApi';
import type { SessionState } from '../features/auth/sessionSlice';
import { listenerMiddleware } from './listenerMiddleware';
import { rootReducer } from './rootReducer';
import './appListeners';

export type RootState = ReturnType<typeof rootReducer>;

/** Preloaded state for tests and fixtures: any slice, the session without redux-persist's bookkeeping. */
export type AppPreloadedState = Partial<Omit<RootState, 'session'>> & { session?: SessionState };

export function makeStore(preloadedState?: AppPreloadedState) {
  return configureStore({
    reducer: rootReducer,
    // The persisted session's `_persist` entry is added by redux-persist itself on PERSIST.
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listenerMiddleware.middleware)
        .concat(ssoApi.middleware, mainApi.middleware, paymentApi.middleware),
    devTools: true,
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
