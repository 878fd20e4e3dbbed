import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { listEndpoints } from '../../lists/listEndpoints';
import { siteParcelsAdded } from '../../site/siteSlice';

/** A parcel caught by a selection on the map: its EGRID and its number. */
export interface SelectedParcel {
  prcId: string;
  prcNo: string;
}

/** What one box or lasso caught: its parcels, and how many road parcels it left out. */
export interface MapSelection {
  parcels: SelectedParcel[];
  roadsLeftOut: number;
}

/** How a drag selects: a box between two corners, or a lasso (a freehand outline). */
export type MapSelectionShape = 'box' | 'lasso';

/**
 * "Select on map" (ADR 039): whether a drag on the map draws a selection instead of panning, in which
 * shape, and the parcels of the last one (null before the first). The map instance stays in MapController.
 */
export interface MapSelectionState {
  active: boolean;
  shape: MapSelectionShape;
  parcels: SelectedParcel[] | null;
  roadsLeftOut: number;
}

export const initialMapSelectionState: MapSelectionState = {
  active: false,
  shape: 'box',
  parcels: null,
  roadsLeftOut: 0,
};

/** Off again, keeping the shape last chosen for the next time. */
const ended = (state: MapSelectionState): MapSelectionState => ({
  ...initialMapSelectionState,
  shape: state.shape,
});

export const mapSelectionSlice = createSlice({
  name: 'mapSelection',
  initialState: initialMapSelectionState,
  reducers: {
    /** The toolbar button: on, or off again (which forgets the selection). */
    mapSelectionToggled(state) {
      return state.active ? ended(state) : { ...ended(state), active: true };
    },
    mapSelectionShapeChosen(state, action: PayloadAction<MapSelectionShape>) {
      state.shape = action.payload;
    },
    mapSelectionMade(state, action: PayloadAction<MapSelection>) {
      state.parcels = action.payload.parcels;
      state.roadsLeftOut = action.payload.roadsLeftOut;
    },
    /** Forgets the parcels; the tool stays on for the next box or lasso. */
    mapSelectionCleared(state) {
      state.parcels = null;
      state.roadsLeftOut = 0;
    },
    mapSelectionEnded: ended,
  },
  extraReducers: (builder) => {
    // Once its parcels are in the site, the selection is done with.
    builder.addCase(siteParcelsAdded, ended);
    // Once its parcels are on a list, so is it (a site added to a list is not the selection).
    builder.addMatcher(listEndpoints.endpoints.addListItems.matchFulfilled, (state, action) =>
      action.meta.arg.originalArgs.from === 'mapSelection' ? ended(state) : state,
    );
  },
  selectors: {
    selectMapSelecting: (state) => state.active,
    selectMapSelectionShape: (state) => state.shape,
    selectMapSelection: (state) => state.parcels,
    selectRoadsLeftOut: (state) => state.roadsLeftOut,
  },
});

export const {
  mapSelectionToggled,
  mapSelectionShapeChosen,
  mapSelectionMade,
  mapSelectionCleared,
  mapSelectionEnded,
} = mapSelectionSlice.actions;
export const { selectMapSelecting, selectMapSelectionShape, selectMapSelection, selectRoadsLeftOut } =
  mapSelectionSlice.selectors;
