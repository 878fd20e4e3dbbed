import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { SnackbarKind, SnackbarMessage, SnackbarText } from './SnackbarMessage';

export interface UiState {
  snackbars: SnackbarMessage[];
  /** The full-screen loading mask of spec §2. */
  maskVisible: boolean;
  /**
   * A navigation requested by a side effect (listener) outside React; the router's NavigationEffect
   * performs it and clears it. Keeps the router instance out of the store.
   */
  pendingNavigation: string | null;
}

export const initialUiState: UiState = { snackbars: [], maskVisible: false, pendingNavigation: null };

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    showSnackbar: {
      reducer(state, action: PayloadAction<SnackbarMessage>) {
        state.snackbars.push(action.payload);
      },
      prepare: (kind: SnackbarKind, message: SnackbarText) => ({ payload: { key: nanoid(), kind, message } }),
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
    navigateTo(state, action: PayloadAction<string>) {
      state.pendingNavigation = action.payload;
    },
    navigationDone(state) {
      state.pendingNavigation = null;
    },
  },
  selectors: {
    selectSnackbars: (state) => state.snackbars,
    selectMaskVisible: (state) => state.maskVisible,
    selectPendingNavigation: (state) => state.pendingNavigation,
  },
});

export const { showSnackbar, closeSnackbar, showMask, hideMask, navigateTo, navigationDone } =
  uiSlice.actions;
export const { selectSnackbars, selectMaskVisible, selectPendingNavigation } = uiSlice.selectors;
