import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  DEFAULT_PAGE_SIZE,
  hasSearchInput,
  MAX_PAGES,
  type SearchCriteria,
  type SearchPaging,
  type SearchSort,
} from '../../contract/SearchParameters';
import {
  draftFromCriteria,
  EMPTY_ADVANCED_DRAFT,
  includesRoads,
  type AdvancedSearchDraft,
  type LookupField,
} from './advancedDraft';

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
  dialogOpen: boolean;
  /**
   * The roads choice of the last search (the advanced dialog's "include roads"): quick searches follow it,
   * and it outlives a cleared search. Optional: snapshots saved before it existed have none (off).
   */
  includeRoads?: boolean;
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
  dialogOpen: false,
  includeRoads: false,
  draft: EMPTY_ADVANCED_DRAFT,
  lookupText: {},
  lookupQuery: {},
};

/** Pages of a result list: capped at 100 (spec §9), `capped` when more results exist beyond the cap. */
export function pageCount(
  total: number,
  size: number,
  relation: 'eq' | 'gte' = 'eq',
): { pages: number; capped: boolean } {
  const raw = Math.max(1, Math.ceil(total / Math.max(1, size)));
  return {
    pages: Math.min(raw, MAX_PAGES),
    capped: raw > MAX_PAGES || (relation === 'gte' && raw >= MAX_PAGES),
  };
}

export const searchSlice = createSlice({
  name: 'search',
  initialState: initialSearchState,
  reducers: {
    addressQueryChanged(state, action: PayloadAction<string>) {
      state.addressQuery = action.payload;
    },
    /**
     * A simple or advanced search (spec §4): back to page 1, the spinner on. The call itself follows
     * 450 ms later (searchListeners); the parcel and map slices close the open parcel and fly home.
     */
    searchRequested(state, action: PayloadAction<SearchCriteria>) {
      state.criteria = action.payload;
      state.addressQuery = action.payload.searchQuery ?? '';
      state.paging.page = 1;
      state.searching = true;
      state.dialogOpen = false;
      if (hasSearchInput(action.payload)) state.includeRoads = includesRoads(action.payload);
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
    /** The results' order (largest reserve or area first, or the dataset's): same filters, back to page 1. */
    sortChanged(state, action: PayloadAction<SearchSort | undefined>) {
      const { SORT: _previous, ...rest } = state.criteria;
      const criteria: SearchCriteria = action.payload ? { ...rest, SORT: action.payload } : rest;
      state.criteria = criteria;
      state.paging.page = 1;
      if (state.active) state.active = { criteria, paging: { ...state.active.paging, page: 1 } };
    },
    /** A search read from the URL (start or history navigation): the same screen again, without a fly-to. */
    searchRestored(state, action: PayloadAction<ActiveSearch>) {
      state.criteria = action.payload.criteria;
      state.paging = action.payload.paging;
      state.addressQuery = action.payload.criteria.searchQuery ?? '';
      state.active = hasSearchInput(action.payload.criteria) ? action.payload : null;
      if (state.active) state.includeRoads = includesRoads(action.payload.criteria);
    },
    advancedDialogOpened(state) {
      state.dialogOpen = true;
      // The text as the quick-search box shows it (typed but maybe not searched yet).
      state.draft = {
        ...draftFromCriteria(state.criteria),
        searchQuery: state.addressQuery,
        includeRoads: state.includeRoads ?? false,
      };
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
    selectDialogOpen: (state) => state.dialogOpen,
    selectIncludeRoads: (state) => state.includeRoads ?? false,
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
  sortChanged,
  searchRestored,
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
  selectDialogOpen,
  selectIncludeRoads,
  selectDraft,
  selectLookupText,
  selectLookupQuery,
} = searchSlice.selectors;
