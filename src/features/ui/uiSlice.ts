import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../store/storeTypes';
import { SNACKBAR_HIDE_MS } from '../../lib/timing';

/** The snackbar kinds of spec §4 ("default" is the primary-coloured one). */
export type SnackbarKind = 'success' | 'error' | 'warning' | 'info' | 'default';

/** Values interpolated into a translated message; kept primitive so the store stays serialisable. */
export type MessageValues = Record<string, string | number>;

/** Either a translation id (with values) or a literal text, e.g. a server's English message. */
export type SnackbarText = { id: string; values?: MessageValues } | { text: string };

/** A button on a snackbar that takes the user to an app route, e.g. Upgrade → /plans. */
export interface SnackbarAction {
  labelId: string;
  to: string;
}

export interface SnackbarMessage {
  key: string;
  kind: SnackbarKind;
  message: SnackbarText;
  action?: SnackbarAction;
}

export interface UiState {
  snackbars: SnackbarMessage[];
  /** The full-screen loading mask of spec §2. */
  maskVisible: boolean;
}

export const initialUiState: UiState = { snackbars: [], maskVisible: false };

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    showSnackbar: {
      reducer(state, action: PayloadAction<SnackbarMessage>) {
        state.snackbars.push(action.payload);
      },
      prepare: (kind: SnackbarKind, message: SnackbarText, action?: SnackbarAction) => ({
        payload: { key: nanoid(), kind, message, ...(action ? { action } : {}) },
      }),
    },
    /** The snackbar's action button: the listener navigates, and the snackbar closes. */
    snackbarActionChosen(state, action: PayloadAction<{ key: string; to: string }>) {
      state.snackbars = state.snackbars.filter((snackbar) => snackbar.key !== action.payload.key);
    },
    closeSnackbar(state, action: PayloadAction<string>) {
      state.snackbars = state.snackbars.filter((snackbar) => snackbar.key !== action.payload);
    },
    showMask(state) {
      state.maskVisible = true;
    },
    hideMask(state) {
      state.maskVisible = false;
    },
  },
  selectors: {
    selectSnackbars: (state) => state.snackbars,
    selectMaskVisible: (state) => state.maskVisible,
  },
});

export const { showSnackbar, closeSnackbar, snackbarActionChosen, showMask, hideMask } = uiSlice.actions;
export const { selectSnackbars, selectMaskVisible } = uiSlice.selectors;

/** A snackbar hides itself after its time on screen (spec §4); its action button navigates. */
export function addUiListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: snackbarActionChosen,
    effect: (action, listenerApi) => {
      void listenerApi.extra.navigate(action.payload.to);
    },
  });
  startListening({
    actionCreator: showSnackbar,
    effect: async (action, listenerApi) => {
      await listenerApi.delay(SNACKBAR_HIDE_MS);
      listenerApi.dispatch(closeSnackbar(action.payload.key));
    },
  });
}
