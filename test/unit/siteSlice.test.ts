import { SITE_MAX_PARCELS } from '../../src/contract/Sites';
import {
  initialSiteState,
  siteBuildingToggled,
  siteCleared,
  siteParcelToggled,
  siteSlice,
} from '../../src/features/site/siteSlice';

const reduce = siteSlice.reducer;
const entry = (i: number) => ({ egrid: `CH${String(i).padStart(12, '0')}`, number: String(i) });

describe('siteSlice', () => {
  it('adds a parcel, takes it out on a second click and keeps the order', () => {
    let state = reduce(initialSiteState, siteParcelToggled(entry(1)));
    state = reduce(state, siteParcelToggled(entry(2)));
    state = reduce(state, siteParcelToggled(entry(3)));
    state = reduce(state, siteParcelToggled(entry(2)));
    expect(state.entries.map((e) => e.number)).toEqual(['1', '3']);
  });

  it(`takes at most ${SITE_MAX_PARCELS} parcels`, () => {
    let state = initialSiteState;
    for (let i = 0; i <= SITE_MAX_PARCELS; i++) state = reduce(state, siteParcelToggled(entry(i)));
    expect(state.entries).toHaveLength(SITE_MAX_PARCELS);
  });

  it('clears the parcels and ends "Build a site"', () => {
    let state = reduce(initialSiteState, siteBuildingToggled());
    state = reduce(state, siteParcelToggled(entry(1)));
    expect(state.building).toBe(true);
    expect(reduce(state, siteCleared())).toEqual(initialSiteState);
  });
});
