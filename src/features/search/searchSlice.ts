import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PointGeometry } from '../../contract/Parcel';
import { DEFAULT_PAGE_SIZE, MAX_PAGES } from '../../contract/SearchParameters';
import { MAP_START_VIEW, SELECTED_PARCEL_VIEW } from '../map/mapStartView';
import { EMPTY_ADVANCED_DRAFT, type AdvancedSearchDraft } from './AdvancedSearchDraft';
import type { FlyToRequest } from './FlyToRequest';
import type { LookupField } from './LookupField';
import type { SearchCriteria, SearchPaging } from './SearchCriteria';
import { draftFromCriteria } from './draftFromCriteria';
import { hasSearchInput } from './hasSearchInput';

/** The search whose results are on screen: what the result list and the map's layers follow. */
export interface ActiveSearch {
  criteria: SearchCriteria;
  paging: SearchPaging;
}

export interface SearchState {
  /** The quick-search text (the "address query"). */
  addressQuery: string;
  /** The criteria of the last search asked for; the chips show them. */
  criteria: SearchCriteria;
  paging: SearchPaging;
  /** The search the results are for; null when results are cleared. Set 450 ms after a search is asked for. */
  active: ActiveSearch | null;
  /** The spinner of spec §4: set when a search is asked for, cleared 2500 ms later. */
  searching: boolean;
  selectedParcelId: string | null;
  detailOpen: boolean;
  flyTo: FlyToRequest | null;
  dialogOpen: boolean;
  draft: AdvancedSearchDraft;
  /** Type-to-find text per lookup as typed, and as sent (450 ms later). */
  lookupText: Partial<Record<LookupField, string>>;
  lookupQuery: Partial<Record<LookupField, string>>;
}

export const initialSearchState: SearchState = {
  addressQuery: '',
  criteria: {},
  paging: { page: 1, size: DEFAULT_PAGE_SIZE },
  active: null,
  searching: false,
  selectedParcelId: null,
  detailOpen: false,
  flyTo: null,
  dialogOpen: false,
  draft: EMPTY_ADVANCED_DRAFT,
  lookupText: {},
  lookupQuery: {},
};

function nextFlyTo(state: SearchState, view: Omit<FlyToRequest, 'seq'>): FlyToRequest {
  return { ...view, seq: (state.flyTo?.seq ?? 0) + 1 };
}

export const searchSlice = createSlice({
  name: 'search',
  initialState: initialSearchState,
  reducers: {
    addressQueryChanged(state, action: PayloadAction<string>) {
      state.addressQuery = action.payload;
    },
    /**
     * A simple or advanced search (spec §4): back to page 1, the open parcel closed, the map back to the
     * start view, the spinner on. The call itself follows 450 ms later (searchListeners).
     */
    searchRequested(state, action: PayloadAction<SearchCriteria>) {
      state.criteria = action.payload;
      state.addressQuery = action.payload.searchQuery ?? '';
      state.paging.page = 1;
      state.selectedParcelId = null;
      state.detailOpen = false;
      state.searching = true;
      state.dialogOpen = false;
      state.flyTo = nextFlyTo(state, MAP_START_VIEW);
    },
    /** The debounce elapsed: run the search asked for. */
    searchStarted(state) {
      state.active = { criteria: state.criteria, paging: { ...state.paging } };
    },
    /** No text and no filters (spec §5): clear the results and the address query, no call. */
    searchCleared(state) {
      state.active = null;
      state.criteria = {};
      state.addressQuery = '';
    },
    searchSpinnerCleared(state) {
      state.searching = false;
    },
    /** Paging keeps the filters; the page stays within 1..100 (the server's cap). */
    pageChanged(state, action: PayloadAction<number>) {
      const page = Math.min(Math.max(1, Math.floor(action.payload)), MAX_PAGES);
      state.paging.page = page;
      if (state.active) state.active.paging.page = page;
    },
    /** A search read from the URL on load: the same screen again, without a new fly-to. */
    searchRestored(state, action: PayloadAction<ActiveSearch>) {
      state.criteria = action.payload.criteria;
      state.paging = action.payload.paging;
      state.addressQuery = action.payload.criteria.searchQuery ?? '';
      state.active = hasSearchInput(action.payload.criteria) ? action.payload : null;
    },
    /** A result card or a map parcel: highlight it and open its details; a card also flies there. */
    parcelSelected(state, action: PayloadAction<{ id: string; centroid?: PointGeometry }>) {
      state.selectedParcelId = action.payload.id;
      state.detailOpen = true;
      if (action.payload.centroid) {
        state.flyTo = nextFlyTo(state, {
          center: action.payload.centroid.coordinates,
          ...SELECTED_PARCEL_VIEW,
          besideDrawer: true,
        });
      }
    },
    parcelDetailClosed(state) {
      state.detailOpen = false;
      state.selectedParcelId = null;
    },
    advancedDialogOpened(state) {
      state.dialogOpen = true;
      state.draft = draftFromCriteria(state.criteria);
      state.lookupText = {};
      state.lookupQuery = {};
    },
    advancedDialogClosed(state) {
      state.dialogOpen = false;
    },
    /** Choosing a canton clears municipality and street (spec §4); thermal and alpha codes are per canton too. */
    draftCantonChosen(state, action: PayloadAction<string | undefined>) {
      state.draft.CANTON = action.payload;
      state.draft.LOCNAME = [];
      state.draft.STREET = [];
      state.draft.GRN_TRM = [];
      state.draft.ALPHA_PRI = undefined;
      state.draft.ALPHA_SEC = undefined;
    },
    /** Changing the municipality clears the street (spec §4). */
    draftMunicipalitiesChosen(state, action: PayloadAction<string[]>) {
      state.draft.LOCNAME = action.payload;
      state.draft.STREET = [];
    },
    draftChanged(state, action: PayloadAction<Partial<Omit<AdvancedSearchDraft, 'CANTON' | 'LOCNAME'>>>) {
      Object.assign(state.draft, action.payload);
    },
    draftCleared(state) {
      state.draft = EMPTY_ADVANCED_DRAFT;
      state.lookupText = {};
      state.lookupQuery = {};
    },
    lookupTyped(state, action: PayloadAction<{ field: LookupField; text: string }>) {
      state.lookupText[action.payload.field] = action.payload.text;
    },
    lookupQueryReady(state, action: PayloadAction<{ field: LookupField; text: string }>) {
      state.lookupQuery[action.payload.field] = action.payload.text;
    },
  },
  selectors: {
    selectAddressQuery: (state) => state.addressQuery,
    selectCriteria: (state) => state.criteria,
    selectPaging: (state) => state.paging,
    selectActiveSearch: (state) => state.active,
    selectSearching: (state) => state.searching,
    selectSelectedParcelId: (state) => state.selectedParcelId,
    selectDetailOpen: (state) => state.detailOpen,
    selectFlyTo: (state) => state.flyTo,
    selectDialogOpen: (state) => state.dialogOpen,
    selectDraft: (state) => state.draft,
    selectLookupText: (state) => state.lookupText,
    selectLookupQuery: (state) => state.lookupQuery,
  },
});

export const {
  addressQueryChanged,
  searchRequested,
  searchStarted,
  searchCleared,
  searchSpinnerCleared,
  pageChanged,
  searchRestored,
  parcelSelected,
  parcelDetailClosed,
  advancedDialogOpened,
  advancedDialogClosed,
  draftCantonChosen,
  draftMunicipalitiesChosen,
  draftChanged,
  draftCleared,
  lookupTyped,
  lookupQueryReady,
} = searchSlice.actions;

export const {
  selectAddressQuery,
  selectCriteria,
  selectPaging,
  selectActiveSearch,
  selectSearching,
  selectSelectedParcelId,
  selectDetailOpen,
  selectFlyTo,
  selectDialogOpen,
  selectDraft,
  selectLookupText,
  selectLookupQuery,
} = searchSlice.selectors;
