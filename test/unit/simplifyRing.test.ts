/**
 * The base map's overview tiles (below z10) simplify their rings to within a few tile units (half a pixel):
 * the 2026 outlines the parcels follow carry more points than the first load's budget allows at z6–z9.
 */
import { simplifyRing } from '../../server/services/basemap/simplifyRing';

/** Distance from a point to a segment. */
function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length)) : 0;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

describe('simplifyRing', () => {
  const circle = (points: number, radius: number) => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i <= points; i++) {
      xs.push(Math.round(radius * Math.cos((2 * Math.PI * i) / points)));
      ys.push(Math.round(radius * Math.sin((2 * Math.PI * i) / points)) + 0); // + 0: no -0
    }
    return { xs, ys };
  };

  it('drops the points of a closed ring that lie within the tolerance and keeps it closed', () => {
    const { xs, ys } = circle(360, 1000);
    const simple = simplifyRing(xs, ys, 4);
    expect(simple.xs.length).toBeLessThan(xs.length / 4);
    expect(simple.xs.length).toBeGreaterThan(8);
    expect([simple.xs[0], simple.ys[0]]).toEqual([simple.xs.at(-1), simple.ys.at(-1)]);
  });

  it('leaves every dropped point within the tolerance of the simplified outline', () => {
    const { xs, ys } = circle(720, 3000);
    const simple = simplifyRing(xs, ys, 4);
    for (let i = 0; i < xs.length; i++) {
      let nearest = Infinity;
      for (let k = 0; k + 1 < simple.xs.length; k++)
        nearest = Math.min(
          nearest,
          distanceToSegment(xs[i], ys[i], simple.xs[k], simple.ys[k], simple.xs[k + 1], simple.ys[k + 1]),
        );
      expect(nearest).toBeLessThanOrEqual(4);
    }
  });

  it('keeps the corners of a square and drops the points along its sides', () => {
    const xs = [0, 50, 100, 100, 100, 50, 0, 0, 0];
    const ys = [0, 1, 0, 50, 100, 99, 100, 50, 0];
    expect(simplifyRing(xs, ys, 2)).toEqual({ xs: [0, 100, 100, 0, 0], ys: [0, 0, 100, 100, 0] });
  });
});
