import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ListStatus } from '../../contract/ParcelLists';
import { listEndpoints } from './listEndpoints';

/** How the list view orders its parcels. */
export type ListSort = 'added' | 'number' | 'place' | 'status' | 'area';

/** "Nobody" in the assignee filter: the parcels no one holds. */
export const UNASSIGNED = '-';

/** The Lists panel: open or not, the list shown, its filters and order, the parcel whose history is open. */
export interface ListsState {
  panelOpen: boolean;
  openListId: string | null;
  statusFilter: ListStatus | null;
  /** A person's id, UNASSIGNED, or null for everyone. */
  assigneeFilter: string | null;
  sort: ListSort;
  expandedPrcId: string | null;
}

export const initialListsState: ListsState = {
  panelOpen: false,
  openListId: null,
  statusFilter: null,
  assigneeFilter: null,
  sort: 'added',
  expandedPrcId: null,
};

export const listsSlice = createSlice({
  name: 'lists',
  initialState: initialListsState,
  reducers: {
    listsPanelToggled(state, action: PayloadAction<boolean | undefined>) {
      state.panelOpen = action.payload ?? !state.panelOpen;
    },
    /** Opens a list (its parcels highlighted on the map), or goes back to all lists (null). */
    listOpened(state, action: PayloadAction<string | null>) {
      state.openListId = action.payload;
      state.panelOpen = true;
      state.statusFilter = null;
      state.assigneeFilter = null;
      state.expandedPrcId = null;
    },
    statusFilterChosen(state, action: PayloadAction<ListStatus | null>) {
      state.statusFilter = action.payload;
    },
    assigneeFilterChosen(state, action: PayloadAction<string | null>) {
      state.assigneeFilter = action.payload;
    },
    listSortChosen(state, action: PayloadAction<ListSort>) {
      state.sort = action.payload;
    },
    listItemToggled(state, action: PayloadAction<string>) {
      state.expandedPrcId = state.expandedPrcId === action.payload ? null : action.payload;
    },
  },
  extraReducers: (builder) => {
    // A map selection's parcels added at once: the list opens to show them (there is no card to see them on).
    builder.addMatcher(listEndpoints.endpoints.addListItems.matchFulfilled, (state, action) => {
      Object.assign(state, initialListsState, {
        panelOpen: true,
        openListId: action.meta.arg.originalArgs.listId,
      });
    });
  },
  selectors: {
    selectListsPanelOpen: (state) => state.panelOpen,
    selectOpenListId: (state) => state.openListId,
    selectListView: (state) => state,
  },
});

export const {
  listsPanelToggled,
  listOpened,
  statusFilterChosen,
  assigneeFilterChosen,
  listSortChosen,
  listItemToggled,
} = listsSlice.actions;
export const { selectListsPanelOpen, selectOpenListId, selectListView } = listsSlice.selectors;
