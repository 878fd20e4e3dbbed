import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SavedSearch } from '../../contract/SavedSearches';

/** The Saved searches panel: open or not. */
export interface SavedSearchesState {
  panelOpen: boolean;
}

export const initialSavedSearchesState: SavedSearchesState = { panelOpen: false };

export const savedSearchesSlice = createSlice({
  name: 'savedSearches',
  initialState: initialSavedSearchesState,
  reducers: {
    savedSearchesPanelToggled(state, action: PayloadAction<boolean | undefined>) {
      state.panelOpen = action.payload ?? !state.panelOpen;
    },
    /** "Run": the listener restores the search (URL, chips, results) and fits the map to its area. */
    savedSearchRun(_state, _action: PayloadAction<SavedSearch>) {},
  },
  selectors: {
    selectSavedSearchesPanelOpen: (state) => state.panelOpen,
  },
});

export const { savedSearchesPanelToggled, savedSearchRun } = savedSearchesSlice.actions;
export const { selectSavedSearchesPanelOpen } = savedSearchesSlice.selectors;
