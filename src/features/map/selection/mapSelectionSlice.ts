import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { listEndpoints } from '../../lists/listEndpoints';

/** A parcel caught by a selection on the map: its EGRID and its number. */
export interface SelectedParcel {
  prcId: string;
  prcNo: string;
}

/**
 * "Select on map" (issue 29): whether a drag on the map draws a selection box instead of panning, and the
 * parcels of the last box (null before the first one). The map instance stays in MapController.
 */
export interface MapSelectionState {
  active: boolean;
  parcels: SelectedParcel[] | null;
}

export const initialMapSelectionState: MapSelectionState = { active: false, parcels: null };

export const mapSelectionSlice = createSlice({
  name: 'mapSelection',
  initialState: initialMapSelectionState,
  reducers: {
    /** The toolbar button: on, or off again (which forgets the selection). */
    mapSelectionToggled(state) {
      return state.active ? initialMapSelectionState : { active: true, parcels: null };
    },
    mapSelectionMade(state, action: PayloadAction<SelectedParcel[]>) {
      state.parcels = action.payload;
    },
    /** Forgets the parcels; the tool stays on for the next box. */
    mapSelectionCleared(state) {
      state.parcels = null;
    },
    mapSelectionEnded() {
      return initialMapSelectionState;
    },
  },
  extraReducers: (builder) => {
    // Once its parcels are on a list, the selection is done with.
    builder.addMatcher(listEndpoints.endpoints.addListItems.matchFulfilled, () => initialMapSelectionState);
  },
  selectors: {
    selectMapSelecting: (state) => state.active,
    selectMapSelection: (state) => state.parcels,
  },
});

export const { mapSelectionToggled, mapSelectionMade, mapSelectionCleared, mapSelectionEnded } =
  mapSelectionSlice.actions;
export const { selectMapSelecting, selectMapSelection } = mapSelectionSlice.selectors;
