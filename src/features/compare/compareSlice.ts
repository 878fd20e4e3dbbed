import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { COMPARISON_MAX_PARCELS } from '../../contract/Comparison';

/** A parcel waiting in the comparison tray: its EGRID, and its number for the tray's messages. */
export interface ComparedEntry {
  egrid: string;
  number: string;
}

/** The parcels chosen for the comparison, in the order they were added (the screen's columns). */
export interface CompareState {
  entries: ComparedEntry[];
}

export const initialCompareState: CompareState = { entries: [] };

export const compareSlice = createSlice({
  name: 'compare',
  initialState: initialCompareState,
  reducers: {
    /** Adds a parcel; a sixth is not taken (the listener tells the user why). */
    parcelCompared(state, action: PayloadAction<ComparedEntry>) {
      if (state.entries.some((entry) => entry.egrid === action.payload.egrid)) return;
      if (state.entries.length >= COMPARISON_MAX_PARCELS) return;
      state.entries.push(action.payload);
    },
    parcelUncompared(state, action: PayloadAction<string>) {
      state.entries = state.entries.filter((entry) => entry.egrid !== action.payload);
    },
    /** The screen's parcels (a shared link) become the tray's. */
    comparisonReplaced(state, action: PayloadAction<ComparedEntry[]>) {
      state.entries = action.payload.slice(0, COMPARISON_MAX_PARCELS);
    },
    comparisonCleared(state) {
      state.entries = [];
    },
  },
  selectors: {
    selectComparedEntries: (state) => state.entries,
    selectComparedCount: (state) => state.entries.length,
    selectIsCompared: (state, egrid: string) => state.entries.some((entry) => entry.egrid === egrid),
    selectComparisonFull: (state) => state.entries.length >= COMPARISON_MAX_PARCELS,
  },
});

export const { parcelCompared, parcelUncompared, comparisonReplaced, comparisonCleared } =
  compareSlice.actions;
export const { selectComparedEntries, selectComparedCount, selectIsCompared, selectComparisonFull } =
  compareSlice.selectors;
