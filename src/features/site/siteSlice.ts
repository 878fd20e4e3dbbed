import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SITE_MAX_PARCELS } from '../../contract/Sites';

/** A parcel of the site being assembled: its EGRID and its number for the panel. */
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
    siteBuildingToggled(state) {
      state.building = !state.building;
    },
    siteCleared(state) {
      state.entries = [];
      state.building = false;
    },
  },
  selectors: {
    selectSiteEntries: (state) => state.entries,
    selectSiteBuilding: (state) => state.building,
  },
});

export const { siteParcelToggled, siteBuildingToggled, siteCleared } = siteSlice.actions;
export const { selectSiteEntries, selectSiteBuilding } = siteSlice.selectors;
