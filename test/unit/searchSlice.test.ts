import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import { mapSlice } from '../../src/features/map/mapSlice';
import { parcelSelected, parcelSlice } from '../../src/features/parcel/parcelSlice';
import {
  pageChanged,
  searchCleared,
  searchRequested,
  searchRestored,
  searchSlice,
  searchStarted,
} from '../../src/features/search/searchSlice';

// The search, the open parcel and the camera now live in three slices that react to the same actions;
// the helper reads them back as one object so the assertions stay those of the spec.
const slices = combineReducers({
  search: searchSlice.reducer,
  parcel: parcelSlice.reducer,
  map: mapSlice.reducer,
});
type Combined = ReturnType<typeof slices>;
type Flat = Combined['search'] & Combined['parcel'] & Pick<Combined['map'], 'flyTo'> & { combined: Combined };

function flat(combined: Combined): Flat {
  return { ...combined.search, ...combined.parcel, flyTo: combined.map.flyTo, combined };
}

const initialSearchState = flat(slices(undefined, { type: 'init' }));
const reduce = (state: Flat, action: UnknownAction): Flat => flat(slices(state.combined, action));

describe('search slice (spec §4, §5)', () => {
  it('a search resets to page 1, closes the open parcel and sets the spinner; the camera waits for its hits', () => {
    let state = reduce(
      initialSearchState,
      searchRestored({ criteria: { CANTON: 'ZG' }, paging: { page: 4, size: 12 } }),
    );
    state = reduce(
      state,
      parcelSelected({ id: 'CH1', centroid: { type: 'Point', coordinates: [8.5, 47.1] } }),
    );
    state = reduce(state, searchRequested({ CANTON: 'LU' }));
    expect(state).toMatchObject({
      paging: { page: 1, size: 12 },
      selectedParcelId: null,
      detailOpen: false,
      searching: true,
    });
    // No flight back to the start view (a deliberate departure from spec §4, see docs/features.md): the camera
    // keeps the card's flight until the map listener lands on the new hits.
    expect(state.flyTo).toMatchObject({ seq: 1, center: [8.5, 47.1], zoom: 17 });
    // The running search changes only when the debounce ends.
    expect(state.active?.criteria).toEqual({ CANTON: 'ZG' });
    expect(reduce(state, searchStarted()).active).toEqual({
      criteria: { CANTON: 'LU' },
      paging: { page: 1, size: 12 },
    });
  });

  it('keeps the filters and stays within pages 1..100 when the page changes', () => {
    const base = reduce(
      initialSearchState,
      searchRestored({ criteria: { CANTON: 'ZG' }, paging: { page: 1, size: 12 } }),
    );
    expect(reduce(base, pageChanged(3)).active).toEqual({
      criteria: { CANTON: 'ZG' },
      paging: { page: 3, size: 12 },
    });
    expect(reduce(base, pageChanged(0)).active?.paging.page).toBe(1);
    expect(reduce(base, pageChanged(250)).active?.paging.page).toBe(100);
  });

  it('remembers the roads choice of the last search for the quick search, also after the results are cleared', () => {
    let state = reduce(initialSearchState, searchRequested({ searchQuery: 'Zug', PRC_IND: 'Standard' }));
    expect(state.includeRoads).toBe(false);
    // The advanced dialog's "Include roads" sends no roads scope.
    state = reduce(state, searchRequested({ searchQuery: 'Zug', CANTON: 'ZG' }));
    expect(state.includeRoads).toBe(true);
    state = reduce(state, searchCleared());
    expect(state.includeRoads).toBe(true);
    // A link without the scope (`/?CANTON=LU`) lets the roads in too; the server lists them last.
    const restored = reduce(
      initialSearchState,
      searchRestored({ criteria: { CANTON: 'LU' }, paging: { page: 1, size: 12 } }),
    );
    expect(restored.includeRoads).toBe(true);
  });

  it('clears the results and the address query for an empty search', () => {
    let state = reduce(
      initialSearchState,
      searchRestored({ criteria: { searchQuery: 'Zug' }, paging: { page: 1, size: 12 } }),
    );
    expect(state.addressQuery).toBe('Zug');
    state = reduce(state, searchCleared());
    expect(state).toMatchObject({ active: null, addressQuery: '', criteria: {} });
  });

  it('a result card flies to zoom 17 with pitch 60 beside the drawer; a map click does not fly', () => {
    const card = reduce(
      initialSearchState,
      parcelSelected({ id: 'CH1', centroid: { type: 'Point', coordinates: [8.5, 47.1] } }),
    );
    expect(card.flyTo).toMatchObject({ center: [8.5, 47.1], zoom: 17, pitch: 60, besideDrawer: true });
    const click = reduce(initialSearchState, parcelSelected({ id: 'CH2' }));
    expect(click).toMatchObject({ selectedParcelId: 'CH2', detailOpen: true, flyTo: null });
  });
});
