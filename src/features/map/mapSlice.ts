import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MAP_START_VIEW } from './mapStartView';

/** What the map reports back (serialisable; the map instance itself lives in MapController). */
export interface MapState {
  zoom: number;
  center: [number, number];
}

export const initialMapState: MapState = { zoom: MAP_START_VIEW.zoom, center: MAP_START_VIEW.center };

export const mapSlice = createSlice({
  name: 'map',
  initialState: initialMapState,
  reducers: {
    /** Dispatched by the controller when a move or zoom ends. */
    mapViewChanged(state, action: PayloadAction<MapState>) {
      state.zoom = action.payload.zoom;
      state.center = action.payload.center;
    },
  },
  selectors: {
    selectMapZoom: (state) => state.zoom,
  },
});

export const { mapViewChanged } = mapSlice.actions;
export const { selectMapZoom } = mapSlice.selectors;
