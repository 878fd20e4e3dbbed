import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/store';
import { SNACKBAR_HIDE_MS } from '../../lib/timing';

/** The snackbar kinds of spec §4 ("default" is the primary-coloured one). */
export type SnackbarKind = 'success' | 'error' | 'warning' | 'info' | 'default';

/** Values interpolated into a translated message; kept primitive so the store stays serialisable. */
export type MessageValues = Record<string, string | number>;

/** Either a translation id (with values) or a literal text, e.g. a server's English message. */
export type SnackbarText = { id: string; values?: MessageValues } | { text: string };

/** A button on the snackbar that goes somewhere in the app (the Upgrade of a used-up quota → /plans). */
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

export const { showSnackbar, closeSnackbar, showMask, hideMask } = uiSlice.actions;
export const { selectSnackbars, selectMaskVisible } = uiSlice.selectors;

/** A snackbar hides itself after its time on screen (spec §4). */
export function addUiListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: showSnackbar,
    effect: async (action, listenerApi) => {
      await listenerApi.delay(SNACKBAR_HIDE_MS);
      listenerApi.dispatch(closeSnackbar(action.payload.key));
    },
  });
}
