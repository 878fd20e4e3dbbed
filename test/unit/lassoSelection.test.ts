import type { CanvasPoint } from '../../src/features/map/selection/boxSelection';
import {
  boundsOf,
  featuresInLasso,
  insideRings,
  LASSO_POINT_SPACING_PX,
  lassoWith,
  polygonMeetsLasso,
  segmentsMeet,
} from '../../src/features/map/selection/lassoSelection';
import {
  initialMapSelectionState,
  mapSelectionEnded,
  mapSelectionShapeChosen,
  mapSelectionSlice,
  mapSelectionToggled,
  mapSelectionMade,
} from '../../src/features/map/selection/mapSelectionSlice';
import { initialSiteState, siteParcelsAdded, siteSlice } from '../../src/features/site/siteSlice';
import { SITE_MAX_PARCELS } from '../../src/contract/Sites';
import { listEndpoints } from '../../src/features/lists/listEndpoints';

/** A square of side `size` with its top-left corner at (x, y), as a ring. */
const square = (x: number, y: number, size: number): CanvasPoint[] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
];

/** A lasso shaped like a "U": its two arms reach up around a gap, 40 px wide, from y 0 to 80. */
const uShape: CanvasPoint[] = [
  [0, 0],
  [20, 0],
  [20, 80],
  [60, 80],
  [60, 0],
  [80, 0],
  [80, 100],
  [0, 100],
];

describe('lasso selection on the map', () => {
  it(`keeps a new point only ${LASSO_POINT_SPACING_PX} px or more from the last`, () => {
    let path = lassoWith([], [10, 10]);
    path = lassoWith(path, [11, 11]);
    expect(path).toEqual([[10, 10]]);
    path = lassoWith(path, [10, 10 + LASSO_POINT_SPACING_PX]);
    expect(path).toEqual([
      [10, 10],
      [10, 13],
    ]);
    expect(boundsOf([...path, [2, 30]])).toEqual([
      [2, 10],
      [10, 30],
    ]);
  });

  it('tells crossing, touching and apart segments', () => {
    expect(segmentsMeet([0, 0], [10, 10], [0, 10], [10, 0])).toBe(true);
    expect(segmentsMeet([0, 0], [10, 0], [10, 0], [10, 10])).toBe(true);
    expect(segmentsMeet([0, 0], [10, 0], [0, 1], [10, 1])).toBe(false);
    // On one line but not overlapping.
    expect(segmentsMeet([0, 0], [4, 0], [5, 0], [9, 0])).toBe(false);
  });

  it('counts a point in a hole as outside (even-odd)', () => {
    const withHole = [square(0, 0, 100), square(40, 40, 20)];
    expect(insideRings([10, 10], withHole)).toBe(true);
    expect(insideRings([50, 50], withHole)).toBe(false);
    expect(insideRings([150, 50], withHole)).toBe(false);
  });

  it('meets a parcel whose edge the lasso crosses, one it encloses, and one that encloses the lasso', () => {
    const lasso = square(0, 0, 100);
    // Straddles the lasso's right edge.
    expect(polygonMeetsLasso([square(90, 40, 30)], lasso)).toBe(true);
    // Wholly inside.
    expect(polygonMeetsLasso([square(40, 40, 10)], lasso)).toBe(true);
    // A large parcel around a small lasso drawn inside it.
    expect(polygonMeetsLasso([square(-50, -50, 300)], lasso)).toBe(true);
    // Outside, beside.
    expect(polygonMeetsLasso([square(120, 40, 10)], lasso)).toBe(false);
    // A lasso inside the parcel's hole does not meet the parcel.
    expect(polygonMeetsLasso([square(-50, -50, 300), square(-10, -10, 120)], lasso)).toBe(false);
    // Too few points make no area.
    expect(
      polygonMeetsLasso(
        [square(0, 0, 10)],
        [
          [0, 0],
          [5, 5],
        ],
      ),
    ).toBe(false);
  });

  it('leaves out a parcel in the gap of a concave lasso though it is inside its bounding box', () => {
    // In the gap of the "U": inside the lasso's bounding box, outside the lasso.
    expect(polygonMeetsLasso([square(30, 10, 20)], uShape)).toBe(false);
    // In the U's floor.
    expect(polygonMeetsLasso([square(30, 85, 10)], uShape)).toBe(true);
    // Reaching from the gap over an arm.
    expect(polygonMeetsLasso([square(10, 10, 20)], uShape)).toBe(true);
  });

  it('picks the rendered features whose projected outline meets the lasso, polygons and multipolygons', () => {
    // One degree is 10 px on this made-up canvas.
    const project = ([lng, lat]: [number, number]): CanvasPoint => [lng * 10, lat * 10];
    const ring = (x: number, y: number, size: number) =>
      square(x, y, size).map(([px, py]): [number, number] => [px / 10, py / 10]);
    const features = [
      { id: 'gap', geometry: { type: 'Polygon', coordinates: [ring(30, 10, 20)] } },
      { id: 'floor', geometry: { type: 'Polygon', coordinates: [ring(30, 85, 10)] } },
      {
        id: 'multi',
        geometry: { type: 'MultiPolygon', coordinates: [[ring(200, 200, 5)], [ring(5, 5, 5)]] },
      },
      { id: 'point', geometry: { type: 'Point', coordinates: [1, 1] } },
    ];
    expect(featuresInLasso(features, uShape, project).map((f) => f.id)).toEqual(['floor', 'multi']);
  });
});

describe('selection shape and where a selection goes', () => {
  const reduce = mapSelectionSlice.reducer;
  const made = mapSelectionMade({
    parcels: [
      { prcId: 'CH1', prcNo: '1' },
      { prcId: 'CH2', prcNo: '2' },
    ],
    roadsLeftOut: 1,
  });

  it('keeps the chosen shape when the tool ends and turns on again', () => {
    let state = reduce(undefined, mapSelectionToggled());
    state = reduce(state, mapSelectionShapeChosen('lasso'));
    state = reduce(state, made);
    state = reduce(state, mapSelectionEnded());
    expect(state).toEqual({ ...initialMapSelectionState, shape: 'lasso' });
    expect(reduce(state, mapSelectionToggled())).toMatchObject({
      active: true,
      shape: 'lasso',
      parcels: null,
    });
  });

  it('ends the selection once its parcels join the site, which adds only new ones up to the cap', () => {
    const selecting = reduce(reduce(undefined, mapSelectionToggled()), made);
    const toSite = siteParcelsAdded([
      { egrid: 'CH1', number: '1' },
      { egrid: 'CH2', number: '2' },
    ]);
    expect(reduce(selecting, toSite).active).toBe(false);

    let site = siteSlice.reducer(initialSiteState, siteParcelsAdded([{ egrid: 'CH2', number: '2' }]));
    site = siteSlice.reducer(site, toSite);
    expect(site.entries.map((e) => e.egrid)).toEqual(['CH2', 'CH1']);
    const many = Array.from({ length: SITE_MAX_PARCELS + 5 }, (_, i) => ({ egrid: `CHX${i}`, number: '' }));
    expect(siteSlice.reducer(site, siteParcelsAdded(many)).entries).toHaveLength(SITE_MAX_PARCELS);
  });

  it('ends the selection when its parcels are on a list, not when a site is added to a list', () => {
    const selecting = reduce(reduce(undefined, mapSelectionToggled()), made);
    expect(listEndpoints.endpoints.addListItems.matchFulfilled(listFulfilled('site'))).toBe(true);
    expect(reduce(selecting, listFulfilled('site')).parcels).toHaveLength(2);
    expect(reduce(selecting, listFulfilled('mapSelection')).active).toBe(false);
  });
});

/** The action RTK Query dispatches when addListItems succeeds, as its matcher recognises it. */
function listFulfilled(from: 'mapSelection' | 'site') {
  return {
    type: 'mainApi/executeMutation/fulfilled',
    payload: { added: 2, alreadyListed: 0, notFound: 0 },
    meta: {
      requestStatus: 'fulfilled',
      requestId: 'r1',
      fulfilledTimeStamp: 0,
      baseQueryMeta: {},
      arg: {
        type: 'mutation',
        endpointName: 'addListItems',
        originalArgs: { listId: 'L1', prcIds: ['CH1', 'CH2'], listName: 'A', from },
        track: true,
      },
    },
  };
}
