import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SITE_MAX_PARCELS } from '../../contract/Sites';
import { siteEndpoints } from './siteEndpoints';

/** A parcel of the site being assembled: its EGRID and its number for the panel ('' until it is known). */
export interface SiteEntry {
  egrid: string;
  number: string;
}

/** Land assembly on the map: whether plain clicks add parcels (phones have no shift), and the parcels. */
export interface SiteState {
  building: boolean;
  entries: SiteEntry[];
}

export const initialSiteState: SiteState = { building: false, entries: [] };

export const siteSlice = createSlice({
  name: 'site',
  initialState: initialSiteState,
  reducers: {
    /** Adds a parcel to the site, or takes it out if it is in; a 21st is not taken. */
    siteParcelToggled(state, action: PayloadAction<SiteEntry>) {
      const at = state.entries.findIndex((entry) => entry.egrid === action.payload.egrid);
      if (at >= 0) state.entries.splice(at, 1);
      else if (state.entries.length < SITE_MAX_PARCELS) state.entries.push(action.payload);
    },
    /**
     * Parcels of a map selection (box or lasso) join the site: those not in it yet, in their order, while
     * it has room (at most SITE_MAX_PARCELS).
     */
    siteParcelsAdded(state, action: PayloadAction<SiteEntry[]>) {
      for (const entry of action.payload) {
        if (state.entries.length >= SITE_MAX_PARCELS) break;
        if (!state.entries.some((known) => known.egrid === entry.egrid)) state.entries.push(entry);
      }
    },
    siteBuildingToggled(state) {
      state.building = !state.building;
    },
    siteCleared(state) {
      state.entries = [];
      state.building = false;
    },
    /** The site of a shared link: its parcels by EGRID; their numbers come with the site's figures. */
    siteRestored(state, action: PayloadAction<string[]>) {
      state.entries = action.payload.slice(0, SITE_MAX_PARCELS).map((egrid) => ({ egrid, number: '' }));
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(siteEndpoints.endpoints.getSite.matchFulfilled, (state, action) => {
      for (const entry of state.entries) {
        const parcel = action.payload.parcels.find((candidate) => candidate.egrid === entry.egrid);
        if (parcel && !entry.number) entry.number = parcel.number;
      }
    });
  },
  selectors: {
    selectSiteEntries: (state) => state.entries,
    selectSiteBuilding: (state) => state.building,
  },
});

export const { siteParcelToggled, siteParcelsAdded, siteBuildingToggled, siteCleared, siteRestored } =
  siteSlice.actions;
export const { selectSiteEntries, selectSiteBuilding } = siteSlice.selectors;
