import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { mapSelectionToggled } from '../selection/mapSelectionSlice';

/** What the measure tool measures; 'off' lets map clicks select parcels again. */
export type MeasureMode = 'off' | 'distance' | 'area';

/** The measure tool: its mode and the points clicked so far (WGS84). */
export interface MeasureState {
  mode: MeasureMode;
  points: [number, number][];
  /** A double-click finished the measurement: its result stays, and the next click starts a new one. */
  finished?: boolean;
}

export const initialMeasureState: MeasureState = { mode: 'off', points: [], finished: false };

export const measureSlice = createSlice({
  name: 'measure',
  initialState: initialMeasureState,
  reducers: {
    /** Starts measuring afresh; the same mode again ends it (a toggle button). */
    measureModeToggled(state, action: PayloadAction<Exclude<MeasureMode, 'off'>>) {
      state.mode = state.mode === action.payload ? 'off' : action.payload;
      state.points = [];
      state.finished = false;
    },
    measurePointAdded(state, action: PayloadAction<[number, number]>) {
      if (state.mode === 'off') return;
      if (state.finished) {
        state.points = [];
        state.finished = false;
      }
      state.points.push(action.payload);
    },
    /** A double-click on the map: the last point placed ends the line or the outline. */
    measureFinished(state) {
      if (state.mode !== 'off' && state.points.length > 0) state.finished = true;
    },
    measurePointRemoved(state) {
      state.points.pop();
      state.finished = false;
    },
    measureEnded() {
      return initialMeasureState;
    },
  },
  // "Select on map" takes the map's drags and clicks over from a measurement.
  extraReducers: (builder) => {
    builder.addCase(mapSelectionToggled, () => initialMeasureState);
  },
  selectors: {
    selectMeasureMode: (state) => state.mode,
    selectMeasurePoints: (state) => state.points,
  },
});

export const { measureModeToggled, measurePointAdded, measurePointRemoved, measureFinished, measureEnded } =
  measureSlice.actions;
export const { selectMeasureMode, selectMeasurePoints } = measureSlice.selectors;

/** True while map clicks place measure points instead of selecting parcels. */
export function selectMeasuring(state: { measure: MeasureState }): boolean {
  return state.measure.mode !== 'off';
}
