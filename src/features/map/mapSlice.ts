import { PARCEL_MIN_ZOOM } from '../../contract/VectorTiles';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { parcelSelected } from '../parcel/parcelSlice';

/** The map's start view (spec §9): Switzerland, slightly tilted and turned. */
export const MAP_START_VIEW = {
  center: [8.4225, 46.9587] as [number, number],
  zoom: 7,
  pitch: 20,
  bearing: -20,
};
export const MAP_MAX_PITCH = 85;
/** Where choosing a result flies to (spec §4). */
export const SELECTED_PARCEL_VIEW = { zoom: 17, pitch: 60 };

/** A camera move the map controller performs once; `seq` tells a new request from one already done. */
export interface FlyToRequest {
  seq: number;
  center: [number, number];
  zoom: number;
  pitch: number;
  bearing?: number;
  /** Keep the target clear of the detail drawer, which opens with this flight. */
  besideDrawer?: boolean;
  /** Jump without animation (a restored view). */
  instant?: boolean;
}

/**
 * The camera as state (design.md §3): the view the map reports after each move, and the fly-to the map
 * should make next. Serialisable; the map instance itself lives in MapController, which reads this.
 */
export interface MapState {
  center: [number, number];
  zoom: number;
  pitch: number;
  bearing: number;
  flyTo: FlyToRequest | null;
  /** A fit to an extent (Zoom to results) the controller makes once, after any flight under way. */
  fitTo: FitToRequest | null;
}

/** West, south, east, north in WGS84 degrees. */
export type LonLatBox = [number, number, number, number];

export interface FitToRequest {
  seq: number;
  bounds: LonLatBox;
  /**
   * A search's hits must be seen, not a 'Zoom in' banner: when the extent fits only below this zoom, the
   * camera shows `focus` (the best-ranked hit) at this zoom instead.
   */
  minZoom?: number;
  focus?: [number, number];
}

/** Where a search's listed parcels lie: the extent of their centroids and the best-ranked one's centroid. */
export interface SearchHitsPlace {
  bounds: LonLatBox;
  best: [number, number];
}

export const initialMapState: MapState = { ...MAP_START_VIEW, flyTo: null, fitTo: null };

/** The view reported by the map: centre and zoom always, pitch and bearing when they changed too. */
export type MapView = Pick<MapState, 'center' | 'zoom'> & Partial<Pick<MapState, 'pitch' | 'bearing'>>;

function flyTo(state: MapState, view: Omit<FlyToRequest, 'seq'>): void {
  state.flyTo = { ...view, seq: (state.flyTo?.seq ?? 0) + 1 };
}

export const mapSlice = createSlice({
  name: 'map',
  initialState: initialMapState,
  reducers: {
    /** Dispatched by the controller when a move or zoom ends. */
    mapViewChanged(state, action: PayloadAction<MapView>) {
      Object.assign(state, action.payload);
    },
    /** A shared link's view (or back/forward to one): the camera jumps there, no flight. */
    mapViewRestored(state, action: PayloadAction<Required<MapView>>) {
      Object.assign(state, action.payload);
      flyTo(state, { ...action.payload, instant: true });
    },
    /** "Zoom to results", or the automatic zoom when all hits lie in one municipality. */
    zoomToResultsRequested(state, action: PayloadAction<LonLatBox>) {
      state.fitTo = { seq: (state.fitTo?.seq ?? 0) + 1, bounds: action.payload };
    },
    /** A new search's listed hits: the map shows them at a zoom where parcels are drawn (ADR 023). */
    searchHitsShown(state, action: PayloadAction<SearchHitsPlace>) {
      const { bounds, best } = action.payload;
      state.fitTo = { seq: (state.fitTo?.seq ?? 0) + 1, bounds, minZoom: PARCEL_MIN_ZOOM, focus: best };
    },
  },
  // The camera follows the other features' actions (kepler.gl's combined updaters): they need not know the map.
  extraReducers: (builder) => {
    builder
      // A result card (it carries the centroid) flies to the parcel, beside the drawer; a map click does not.
      .addCase(parcelSelected, (state, action) => {
        const { centroid } = action.payload;
        if (centroid)
          flyTo(state, { center: centroid.coordinates, ...SELECTED_PARCEL_VIEW, besideDrawer: true });
      });
  },
  selectors: {
    selectMapZoom: (state) => state.zoom,
    selectMapView: ({ center, zoom, pitch, bearing }) => ({ center, zoom, pitch, bearing }),
    selectFlyTo: (state) => state.flyTo,
  },
});

export const { mapViewChanged, mapViewRestored, zoomToResultsRequested, searchHitsShown } = mapSlice.actions;
export const { selectMapZoom, selectMapView, selectFlyTo } = mapSlice.selectors;
