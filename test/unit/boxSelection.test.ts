import {
  isBoxDrag,
  MIN_BOX_DRAG_PX,
  parcelsOfFeatures,
  selectionBox,
} from '../../src/features/map/selection/boxSelection';
import {
  initialMapSelectionState,
  mapSelectionCleared,
  mapSelectionMade,
  mapSelectionSlice,
  mapSelectionToggled,
} from '../../src/features/map/selection/mapSelectionSlice';
import { measureModeToggled, measureSlice } from '../../src/features/map/measure/measureSlice';

const reduce = mapSelectionSlice.reducer;

describe('box selection on the map', () => {
  it('orders a box drawn in any direction as top-left, bottom-right', () => {
    expect(selectionBox([300, 40], [100, 250])).toEqual([
      [100, 40],
      [300, 250],
    ]);
    expect(selectionBox([10, 20], [30, 40])).toEqual([
      [10, 20],
      [30, 40],
    ]);
  });

  it(`takes a press that travels ${MIN_BOX_DRAG_PX} px or more as a box, less as a click`, () => {
    expect(isBoxDrag([100, 100], [100 + MIN_BOX_DRAG_PX - 1, 100 - MIN_BOX_DRAG_PX + 1])).toBe(false);
    expect(isBoxDrag([100, 100], [100, 100 - MIN_BOX_DRAG_PX])).toBe(true);
  });

  it('keeps each parcel once, in the order first met, and leaves out features without an id', () => {
    expect(
      parcelsOfFeatures([
        { properties: { PRC_ID: 'CH2', PRC_NO: 7 } },
        { properties: { PRC_ID: 'CH1', PRC_NO: '12' } },
        { properties: { PRC_ID: 'CH2', PRC_NO: 7 } },
        { properties: { PRC_ID: '' } },
        { properties: null },
        {},
      ]),
    ).toEqual({
      parcels: [
        { prcId: 'CH2', prcNo: '7' },
        { prcId: 'CH1', prcNo: '12' },
      ],
      roadsLeftOut: 0,
    });
  });

  it('leaves road parcels out of a selection and counts each once', () => {
    expect(
      parcelsOfFeatures([
        { properties: { PRC_ID: 'CH1', PRC_NO: '1', PRC_IND: 'Standard' } },
        { properties: { PRC_ID: 'CH9', PRC_NO: '900', PRC_IND: 'Road' } },
        { properties: { PRC_ID: 'CH9', PRC_NO: '900', PRC_IND: 'Road' } },
        { properties: { PRC_ID: 'CH8', PRC_NO: '800', PRC_IND: 'Road' } },
      ]),
    ).toEqual({ parcels: [{ prcId: 'CH1', prcNo: '1' }], roadsLeftOut: 2 });
  });

  it('turns on empty, keeps the last box, clears it, and forgets it when turned off', () => {
    let state = reduce(undefined, mapSelectionToggled());
    expect(state).toEqual({ active: true, shape: 'box', parcels: null, roadsLeftOut: 0 });
    state = reduce(state, mapSelectionMade({ parcels: [{ prcId: 'CH1', prcNo: '1' }], roadsLeftOut: 3 }));
    expect(state.parcels).toEqual([{ prcId: 'CH1', prcNo: '1' }]);
    expect(state.roadsLeftOut).toBe(3);
    expect(reduce(state, mapSelectionCleared())).toEqual({
      active: true,
      shape: 'box',
      parcels: null,
      roadsLeftOut: 0,
    });
    expect(reduce(state, mapSelectionToggled())).toEqual(initialMapSelectionState);
  });

  it('ends a measurement when the selection tool turns on', () => {
    const measuring = measureSlice.reducer(undefined, measureModeToggled('area'));
    expect(measureSlice.reducer(measuring, mapSelectionToggled()).mode).toBe('off');
  });
});
