import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { mainApi } from '../api/mainApi';
import { paymentApi } from '../api/paymentApi';
import { ssoApi } from '../api/ssoApi';
import { sessionSlice } from '../features/auth/sessionSlice';
import { languageSlice } from '../features/i18n/languageSlice';
import { uiSlice } from '../features/ui/uiSlice';
import { appReset } from './appLifecycle';

/** redux-persist key of the session (tokens, profile and its fetch time): localStorage `persist:parcel-atlas.session`. */
export const SESSION_PERSIST_KEY = 'parcel-atlas.session';

const sliceReducers = combineReducers({
  session: persistReducer({ key: SESSION_PERSIST_KEY, storage }, sessionSlice.reducer),
  [languageSlice.reducerPath]: languageSlice.reducer,
  [uiSlice.reducerPath]: uiSlice.reducer,
  [ssoApi.reducerPath]: ssoApi.reducer,
  [mainApi.reducerPath]: mainApi.reducer,
  [paymentApi.reducerPath]: paymentApi.reducer,
  // Feature slices: one line each, `[fooSlice.reducerPath]: fooSlice.reducer,`
});

export function rootReducer(state: ReturnType<typeof sliceReducers> | undefined, action: UnknownAction) {
  return sliceReducers(action.type === appReset.type ? undefined : state, action);
}
