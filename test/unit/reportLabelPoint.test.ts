import { innerPoint, labelPoint, type Box } from '../../server/services/reports/map/labelPoint';
import { pointInRing } from '../../server/geo/ring';

type Point = [number, number];

/** A 4-wide road bent through a right angle: its box's middle (50, 50) lies beside it, in the open corner. */
const bentRoad: Point[] = [
  [0, 0],
  [100, 0],
  [100, 100],
  [96, 100],
  [96, 4],
  [0, 4],
  [0, 0],
];
const frame: Box = [-10, -10, 110, 110];

describe('where a parcel number stands on the report map', () => {
  it('finds no room for a 12-wide number in a 4-wide road', () => {
    expect(labelPoint([bentRoad], frame, 12, 6)).toBeNull();
  });

  it('puts the number of a road too narrow for it on a point inside the road, not at its box’s middle', () => {
    expect(pointInRing(50, 50, bentRoad)).toBe(false);
    const [x, y] = innerPoint([bentRoad], frame)!;
    expect(pointInRing(x, y, bentRoad)).toBe(true);
  });

  it('keeps to the part of the parcel inside the frame', () => {
    const [x, y] = innerPoint([bentRoad], [90, 20, 110, 110])!;
    expect(x).toBeGreaterThanOrEqual(96);
    expect(y).toBeGreaterThanOrEqual(20);
    expect(pointInRing(x, y, bentRoad)).toBe(true);
  });

  it('has no point for a parcel wholly outside the frame', () => {
    expect(innerPoint([bentRoad], [200, 200, 300, 300])).toBeNull();
  });
});
