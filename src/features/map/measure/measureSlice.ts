import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** What the measure tool measures; 'off' lets map clicks select parcels again. */
export type MeasureMode = 'off' | 'distance' | 'area';

/** The measure tool (issue 14 item 12): its mode and the points clicked so far (WGS84). */
export interface MeasureState {
  mode: MeasureMode;
  points: [number, number][];
}

export const initialMeasureState: MeasureState = { mode: 'off', points: [] };

export const measureSlice = createSlice({
  name: 'measure',
  initialState: initialMeasureState,
  reducers: {
    /** Starts measuring afresh; the same mode again ends it (a toggle button). */
    measureModeToggled(state, action: PayloadAction<Exclude<MeasureMode, 'off'>>) {
      state.mode = state.mode === action.payload ? 'off' : action.payload;
      state.points = [];
    },
    measurePointAdded(state, action: PayloadAction<[number, number]>) {
      if (state.mode !== 'off') state.points.push(action.payload);
    },
    measurePointRemoved(state) {
      state.points.pop();
    },
    measureEnded() {
      return initialMeasureState;
    },
  },
  selectors: {
    selectMeasureMode: (state) => state.mode,
    selectMeasurePoints: (state) => state.points,
  },
});

export const { measureModeToggled, measurePointAdded, measurePointRemoved, measureEnded } =
  measureSlice.actions;
export const { selectMeasureMode, selectMeasurePoints } = measureSlice.selectors;

/** True while map clicks place measure points instead of selecting parcels. */
export function selectMeasuring(state: { measure: MeasureState }): boolean {
  return state.measure.mode !== 'off';
}
