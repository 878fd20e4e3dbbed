import { strokeCircularArc } from '../../server/geo/strokeCircularArc';

type Point = [number, number];

/** The largest distance between the chords of `points` (from `start`) and the circle (cx, cy, r). */
function worstChord(start: Point, points: Point[], cx: number, cy: number, r: number): number {
  let worst = 0;
  let previous = start;
  for (const point of points) {
    const middle = [(previous[0] + point[0]) / 2, (previous[1] + point[1]) / 2];
    worst = Math.max(worst, r - Math.hypot(middle[0] - cx, middle[1] - cy));
    previous = point;
  }
  return worst;
}

describe('strokeCircularArc', () => {
  const E = 2_682_700;
  const N = 1_227_500;

  it('strokes a counter-clockwise arc within the tolerance, every vertex on the circle, the end kept exactly', () => {
    // A quarter circle of radius 10 round (E, N), from east to north through north-east.
    const start: Point = [E + 10, N];
    const middle: Point = [E + 10 * Math.SQRT1_2, N + 10 * Math.SQRT1_2];
    const points = strokeCircularArc(start, middle, [E, N + 10], 0.005);
    expect(points.at(-1)).toEqual([E, N + 10]);
    for (const [x, y] of points) expect(Math.hypot(x - E, y - N)).toBeCloseTo(10, 6);
    expect(worstChord(start, points, E, N, 10)).toBeLessThanOrEqual(0.005);
    // A 5 mm chord on a 10 m radius turns by at most 2·acos(1 − 0.0005) ≈ 3.6°: 25 steps for 90°.
    expect(points).toHaveLength(25);
    expect(points.every(([x, y]) => x >= E - 1e-9 && y >= N - 1e-9)).toBe(true);
  });

  it('strokes a clockwise arc on the side of its middle point', () => {
    const start: Point = [E, N + 10];
    const points = strokeCircularArc(
      start,
      [E + 10 * Math.SQRT1_2, N + 10 * Math.SQRT1_2],
      [E + 10, N],
      0.005,
    );
    expect(points.at(-1)).toEqual([E + 10, N]);
    expect(points.every(([x, y]) => x >= E - 1e-9 && y >= N - 1e-9)).toBe(true);
    expect(worstChord(start, points, E, N, 10)).toBeLessThanOrEqual(0.005);
  });

  it('reads start = end as the full circle through the middle point, and three collinear points as a line', () => {
    const start: Point = [E, N];
    const circle = strokeCircularArc(start, [E + 20, N], [E, N], 0.005);
    expect(circle.at(-1)).toEqual([E, N]);
    expect(worstChord(start, circle, E + 10, N, 10)).toBeLessThanOrEqual(0.005);
    expect(circle.length).toBeGreaterThan(90);
    expect(strokeCircularArc([E, N], [E + 5, N + 5], [E + 10, N + 10], 0.005)).toEqual([
      [E + 5, N + 5],
      [E + 10, N + 10],
    ]);
  });
});
