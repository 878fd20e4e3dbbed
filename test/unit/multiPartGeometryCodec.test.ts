/**
 * Multi-part outlines in the compact codec (ADR 041): a one-part geometry keeps the polygon layout
 * byte for byte, so rows written before parts existed read unchanged; several parts round-trip part by
 * part through the tile form, the survey form and their GeoJSON.
 */
import type { Ring } from '../../server/geo/ring';
import {
  decodeGeometry,
  decodeParts,
  encodeGeometry,
  encodeParts,
  ringsToGeoJson,
  VarintReader,
} from '../../server/store/contract/parcels/geometryCodec';
import {
  decodeSurveyParts,
  encodeSurveyGeometry,
  lv95PartsToGeoJson,
  outlineLv95,
} from '../../server/store/contract/parcels/surveyGeometryCodec';

const square = (x: number, y: number, size: number): Ring => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
];
const LARGER: Ring[] = [square(949_100, 6_000_100, 40), square(949_110, 6_000_110, 4).reverse()];
const SMALLER: Ring[] = [square(949_160, 6_000_100, 20)];

describe('the compact geometry codec with parts', () => {
  it('writes one part in the polygon layout of the rows stored before (ring count, point counts, deltas)', () => {
    const bytes = [...encodeParts([[square(1, 2, 3)]])];
    // 1 ring of 4 points; decimetre deltas zigzagged: (10, 20), (30, 0), (0, 30), (−30, 0).
    expect(bytes).toEqual([1, 4, 20, 40, 60, 0, 0, 60, 59, 0]);
    expect([...encodeGeometry([square(1, 2, 3)])]).toEqual(bytes);
    expect(decodeParts(Buffer.from(bytes))).toEqual([[square(1, 2, 3)]]);
  });

  it('reads an empty geometry of the old layout (a lone 0) as no parts', () => {
    expect(decodeParts(encodeGeometry([]))).toEqual([]);
    expect([...encodeGeometry([])]).toEqual([0]);
    const reader = new VarintReader();
    // In a batch buffer the next feature's bytes follow: the geometry's end tells them apart.
    reader.reset(Uint8Array.from([0, 2, 9]), 0, 1);
    expect(reader.partCount()).toBe(0);
  });

  it('keeps several parts apart, the deltas running on across them', () => {
    const encoded = encodeParts([LARGER, SMALLER]);
    expect([...encoded.subarray(0, 3)]).toEqual([0, 2, 2]);
    expect(decodeParts(encoded)).toEqual([LARGER, SMALLER]);
    expect(decodeGeometry(encoded)).toEqual([...LARGER, ...SMALLER]);
    const geoJson = ringsToGeoJson(encoded);
    expect(geoJson.type).toBe('MultiPolygon');
    expect((geoJson.coordinates as number[][][][]).map((rings) => rings.length)).toEqual([2, 1]);
  });

  it('keeps the parts in the survey form to the millimetre', () => {
    const lv95: Ring[][] = [
      [
        [
          [2_682_100.217, 1_227_300.829],
          [2_682_140.217, 1_227_300.829],
          [2_682_140.217, 1_227_330.829],
        ],
      ],
      [
        [
          [2_682_160.217, 1_227_301.329],
          [2_682_180.217, 1_227_301.329],
          [2_682_180.217, 1_227_316.329],
        ],
      ],
    ];
    const survey = encodeSurveyGeometry(lv95);
    expect(decodeSurveyParts(survey)).toEqual(lv95);
    expect(outlineLv95(encodeParts([LARGER, SMALLER]), survey)).toEqual(lv95);
    expect(lv95PartsToGeoJson(lv95)).toEqual({
      type: 'MultiPolygon',
      coordinates: lv95.map((rings) => rings.map((ring) => [...ring, ring[0]])),
    });
    expect(lv95PartsToGeoJson(lv95.slice(0, 1)).type).toBe('Polygon');
  });
});
