import { square, type ParcelRow } from './cadastreFiles';

/** Baar (ZG), where the importer tests put their survey lots. */
export const BAAR = 1701;
/** Around Baar's town hall (LV95), 30 m lots in a row. */
export const E = 2_682_700;
export const N = 1_227_700;

/** Three lots of a cantonal survey, the second a building right with a 5 m hole. */
export const baarRows: ParcelRow[] = [
  { egrid: 'CH170100000001', number: '101', bfs: BAAR, area: 900, polygons: [[square(E, N, 30)]] },
  {
    egrid: 'CH170100000002',
    number: '102',
    bfs: BAAR,
    kind: 'SelbstRecht.Baurecht',
    polygons: [[square(E + 30, N, 30), square(E + 40, N + 10, 5).reverse()]],
  },
  { egrid: 'CH170100000003', number: '103', bfs: BAAR, area: 900, polygons: [[square(E + 60, N, 30)]] },
];

/** A second file whose second lot's exterior ring crosses itself (a bow tie): refused as a whole. */
export const brokenBaarRows: ParcelRow[] = [
  { egrid: 'CH170100000011', number: '201', bfs: BAAR, polygons: [[square(E, N + 100, 30)]] },
  {
    egrid: 'CH170100000012',
    number: '202',
    bfs: BAAR,
    polygons: [
      [
        [
          [E, N + 200],
          [E + 30, N + 230],
          [E + 30, N + 200],
          [E, N + 230],
          [E, N + 200],
        ],
      ],
    ],
  },
];

/** What the importer says about brokenBaarRows. */
export const BROKEN_BAAR_FEATURE = 'Liegenschaften fid 2';
export const BROKEN_BAAR_REASON = 'invalid geometry: the exterior ring intersects itself (edges 1 and 3)';
