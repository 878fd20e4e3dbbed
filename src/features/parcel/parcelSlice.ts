import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { mainApi } from '../../api/mainApi';
import { isOkBody, reportableRefusal } from '../../api/responses';
import type { AppStartListening } from '../../store/storeTypes';
import type { ParcelFullResponse, ParcelSummary, PointGeometry } from '../../contract/Parcel';
import { asSentence, upgradeActionFor } from '../plans/limitReachedSnackbar';
import { searchRequested } from '../search/searchSlice';
import { showSnackbar } from '../ui/uiSlice';

/** The parcel on screen: which one is highlighted, and whether its detail drawer is open. */
export interface ParcelState {
  selectedParcelId: string | null;
  detailOpen: boolean;
}

export const initialParcelState: ParcelState = { selectedParcelId: null, detailOpen: false };

export const parcelSlice = createSlice({
  name: 'parcel',
  initialState: initialParcelState,
  reducers: {
    /**
     * A result card (with its centroid: the map flies there) or a parcel on the map: highlight it and
     * open its details.
     */
    parcelSelected(state, action: PayloadAction<{ id: string; centroid?: PointGeometry }>) {
      state.selectedParcelId = action.payload.id;
      state.detailOpen = true;
    },
    parcelDetailClosed(state) {
      state.detailOpen = false;
      state.selectedParcelId = null;
    },
  },
  extraReducers: (builder) => {
    // A new search closes the open parcel (spec §4).
    builder.addCase(searchRequested, () => initialParcelState);
  },
  selectors: {
    selectSelectedParcelId: (state) => state.selectedParcelId,
    selectDetailOpen: (state) => state.detailOpen,
  },
});

export const { parcelSelected, parcelDetailClosed } = parcelSlice.actions;
export const { selectSelectedParcelId, selectDetailOpen } = parcelSlice.selectors;

/**
 * The parcel's full details (spec §7 objects-full: counted as a full view by the plan), and the free
 * summary the map's hover popup shows (kept five minutes: the pointer often comes back to a parcel).
 */
export const parcelApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    getParcelSummary: build.query<ParcelSummary, string>({
      query: (id) => ({ url: `maps/prcid/${encodeURIComponent(id)}/summary`, validateStatus: isOkBody }),
      keepUnusedDataFor: 300,
    }),
    getParcelFull: build.query<ParcelFullResponse, string>({
      query: (id) => ({ url: `maps/prcid/${encodeURIComponent(id)}/objects-full`, validateStatus: isOkBody }),
    }),
  }),
});

export const { useGetParcelFullQuery } = parcelApi;

/**
 * Full-detail failure (spec §8): the server's message followed by 'Check your Plan and upgrade to
 * receive more limits'; with no message, 'No results found'. A used-up full-view quota adds the Upgrade
 * action. The drawer closes: it has nothing to show, and would otherwise say 'Loading parcel…' forever.
 */
export function addParcelListeners(startListening: AppStartListening): void {
  startListening({
    matcher: parcelApi.endpoints.getParcelFull.matchRejected,
    effect: (action, listenerApi) => {
      const refusal = reportableRefusal(action);
      if (!refusal) return;
      const { message, errorCode } = refusal;
      listenerApi.dispatch(parcelDetailClosed());
      listenerApi.dispatch(
        showSnackbar(
          'error',
          message
            ? { id: 'parcel.detail.failed', values: { message: asSentence(message) } }
            : { id: 'search.noResults' },
          upgradeActionFor(errorCode),
        ),
      );
    },
  });
}
