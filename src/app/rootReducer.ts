import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { mainApi } from '../api/mainApi';
import { paymentApi } from '../api/paymentApi';
import { ssoApi } from '../api/ssoApi';
import { sessionSlice } from '../features/auth/sessionSlice';
import { loginSlice } from '../features/auth/loginSlice';
import { activationSlice } from '../features/auth/activationSlice';
import { languageSlice } from '../features/i18n/languageSlice';
import { uiSlice } from '../features/ui/uiSlice';
import { searchSlice } from '../features/search/searchSlice';
import { parcelSlice } from '../features/parcel/parcelSlice';
import { mapSlice } from '../features/map/mapSlice';
import { layersSlice } from '../features/layers/layersSlice';
import { notificationsSlice } from '../features/notifications/notificationsSlice';
import { reportSlice } from '../features/reports/reportSlice';
import { measureSlice } from '../features/map/measure/measureSlice';
import { listsSlice } from '../features/lists/listsSlice';
import { compareSlice } from '../features/compare/compareSlice';
import { savedSearchesSlice } from '../features/savedSearches/savedSearchesSlice';
import { printSlice } from '../features/print/printSlice';
import { siteSlice } from '../features/site/siteSlice';
import { mapSelectionSlice } from '../features/map/selection/mapSelectionSlice';
import { exportJobsSlice } from '../features/exports/exportJobsSlice';
import { appReset } from '../store/appLifecycle';

/** redux-persist key of the session (tokens, profile and its fetch time): localStorage `persist:parcel-atlas.session`. */
export const SESSION_PERSIST_KEY = 'parcel-atlas.session';
/** The comparison tray survives a reload: localStorage `persist:parcel-atlas.compare`. */
export const COMPARE_PERSIST_KEY = 'parcel-atlas.compare';

const sliceReducers = combineReducers({
  session: persistReducer({ key: SESSION_PERSIST_KEY, storage }, sessionSlice.reducer),
  [languageSlice.reducerPath]: languageSlice.reducer,
  [uiSlice.reducerPath]: uiSlice.reducer,
  [ssoApi.reducerPath]: ssoApi.reducer,
  [mainApi.reducerPath]: mainApi.reducer,
  [paymentApi.reducerPath]: paymentApi.reducer,
  // Feature slices: one line each, `[fooSlice.reducerPath]: fooSlice.reducer,`
  [loginSlice.reducerPath]: loginSlice.reducer,
  [activationSlice.reducerPath]: activationSlice.reducer,
  [searchSlice.reducerPath]: searchSlice.reducer,
  [parcelSlice.reducerPath]: parcelSlice.reducer,
  [mapSlice.reducerPath]: mapSlice.reducer,
  [layersSlice.reducerPath]: layersSlice.reducer,
  [notificationsSlice.reducerPath]: notificationsSlice.reducer,
  [reportSlice.reducerPath]: reportSlice.reducer,
  [measureSlice.reducerPath]: measureSlice.reducer,
  [listsSlice.reducerPath]: listsSlice.reducer,
  [compareSlice.reducerPath]: persistReducer({ key: COMPARE_PERSIST_KEY, storage }, compareSlice.reducer),
  [savedSearchesSlice.reducerPath]: savedSearchesSlice.reducer,
  [printSlice.reducerPath]: printSlice.reducer,
  [siteSlice.reducerPath]: siteSlice.reducer,
  [mapSelectionSlice.reducerPath]: mapSelectionSlice.reducer,
  [exportJobsSlice.reducerPath]: exportJobsSlice.reducer,
});

type SliceState = ReturnType<typeof sliceReducers>;

/** After a reset only the snackbars survive, so a message that explains the reset stays on screen. */
function resetState(state: SliceState | undefined): Partial<SliceState> | undefined {
  return state && { ui: { ...uiSlice.getInitialState(), snackbars: state.ui.snackbars } };
}

export function rootReducer(state: SliceState | undefined, action: UnknownAction) {
  return sliceReducers(action.type === appReset.type ? resetState(state) : state, action);
}
