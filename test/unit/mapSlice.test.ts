import { initialMapState, mapSlice, mapViewChanged } from '../../src/features/map/mapSlice';
import { parcelSelected } from '../../src/features/parcel/parcelSlice';
import { searchRequested } from '../../src/features/search/searchSlice';

const reduce = mapSlice.reducer;

describe('map slice: the camera as state (design.md §3)', () => {
  it('starts at the spec §9 start view with no fly-to', () => {
    expect(initialMapState).toEqual({
      fitTo: null,
      center: [8.4225, 46.9587],
      zoom: 7,
      pitch: 20,
      bearing: -20,
      flyTo: null,
    });
  });

  it('flies to the start view on searchRequested', () => {
    const state = reduce(initialMapState, searchRequested({ CANTON: 'ZG' }));
    expect(state.flyTo).toEqual({ seq: 1, center: [8.4225, 46.9587], zoom: 7, pitch: 20, bearing: -20 });
  });

  it("flies to zoom 17 pitch 60 beside the drawer on a card's parcelSelected, and not on a map click", () => {
    const card = reduce(
      initialMapState,
      parcelSelected({ id: 'CH1', centroid: { type: 'Point', coordinates: [8.5, 47.1] } }),
    );
    expect(card.flyTo).toEqual({ seq: 1, center: [8.5, 47.1], zoom: 17, pitch: 60, besideDrawer: true });
    expect(reduce(card, parcelSelected({ id: 'CH2' })).flyTo).toBe(card.flyTo);
  });

  it('numbers each fly-to so the controller tells a new one from one done', () => {
    let state = reduce(initialMapState, searchRequested({}));
    state = reduce(state, searchRequested({}));
    expect(state.flyTo?.seq).toBe(2);
  });

  it('keeps the view the map reports', () => {
    const state = reduce(
      initialMapState,
      mapViewChanged({ center: [8.5, 47.2], zoom: 15, pitch: 45, bearing: 10 }),
    );
    expect(state).toMatchObject({ center: [8.5, 47.2], zoom: 15, pitch: 45, bearing: 10 });
  });
});
