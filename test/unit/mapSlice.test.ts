import {
  initialMapState,
  mapSlice,
  mapViewChanged,
  mapViewRestored,
  zoomToResultsRequested,
} from '../../src/features/map/mapSlice';
import { parcelSelected } from '../../src/features/parcel/parcelSlice';
import { searchRequested } from '../../src/features/search/searchSlice';

const reduce = mapSlice.reducer;

describe('map slice: the camera as state (design.md §3)', () => {
  it('starts at the spec §9 start view with no fly-to', () => {
    expect(initialMapState).toEqual({
      center: [8.4225, 46.9587],
      zoom: 7,
      pitch: 20,
      bearing: -20,
      flyTo: null,
      fitTo: null,
    });
  });

  it('does not fly anywhere on searchRequested: the results decide (ADR 023)', () => {
    const state = reduce(initialMapState, searchRequested({ CANTON: 'ZG' }));
    expect(state.flyTo).toBeNull();
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
    const card = {
      id: 'CH1',
      centroid: { type: 'Point' as const, coordinates: [8.5, 47.1] as [number, number] },
    };
    let state = reduce(initialMapState, parcelSelected(card));
    state = reduce(state, parcelSelected(card));
    expect(state.flyTo?.seq).toBe(2);
  });

  it('keeps the view the map reports', () => {
    const state = reduce(
      initialMapState,
      mapViewChanged({ center: [8.5, 47.2], zoom: 15, pitch: 45, bearing: 10 }),
    );
    expect(state).toMatchObject({ center: [8.5, 47.2], zoom: 15, pitch: 45, bearing: 10 });
  });

  it('numbers each "Zoom to results" request with its extent', () => {
    let state = reduce(initialMapState, zoomToResultsRequested([8.4, 47.1, 8.6, 47.3]));
    state = reduce(state, zoomToResultsRequested([8.4, 47.1, 8.6, 47.3]));
    expect(state.fitTo).toEqual({ seq: 2, bounds: [8.4, 47.1, 8.6, 47.3] });
  });

  it("takes a shared link's view at once and asks the controller to jump there", () => {
    const view = { center: [8.5, 47.2] as [number, number], zoom: 15, pitch: 45, bearing: 10 };
    const state = reduce(initialMapState, mapViewRestored(view));
    expect(state).toMatchObject(view);
    expect(state.flyTo).toEqual({ seq: 1, ...view, instant: true });
  });
});
