import { bendAmplitude, createBendField, villageWeight } from '../../server/data/generator/bendField';
import { landInFrame, createLocalFrame } from '../../server/data/generator/LocalFrame';
import type { Point, Ring } from '../../server/geo/ring';
import { ringArea } from '../../server/geo/ring';

/**
 * The bend that takes old towns and villages off the grid must keep the plan a cadastral plan: lots still
 * on their road's edge, nothing moved at the shore, the same bend for the same seed.
 */

// A 2 km square of land in a frame whose metres are mercator metres (k = 1, no turn).
const frame = createLocalFrame([0, 0], 0, 1);
const land = landInFrame(
  {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [0.018, 0],
        [0.018, 0.018],
        [0, 0.018],
        [0, 0],
      ],
    ],
  },
  frame,
);
const [x0, x1, y0, y1] = land.box;
const mid: Point = [(x0 + x1) / 2, (y0 + y1) / 2];
const strong = () => bendAmplitude(1, 1);

const rect = (u0: number, u1: number, v0: number, v1: number): Ring => [
  [u0, v0],
  [u1, v0],
  [u1, v1],
  [u0, v1],
];

function distanceToPolyline(p: Point, ring: Ring): number {
  let best = Infinity;
  ring.forEach((a, i) => {
    const b = ring[(i + 1) % ring.length];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
    best = Math.min(best, Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy));
  });
  return best;
}

describe('the bend of old towns and villages', () => {
  it('moves the streets inland, so they curve', () => {
    const bend = createBendField(land, strong, 7);
    const line = bend.line([mid[0] - 400, mid[1]], [mid[0] + 400, mid[1]]);
    expect(line.length).toBeGreaterThan(10);
    const offsets = line.map((p) => p[1] - mid[1]);
    expect(Math.max(...offsets) - Math.min(...offsets)).toBeGreaterThan(5);
  });

  it('keeps every lot corner on the bent edge of its road, and lots still tile', () => {
    const bend = createBendField(land, strong, 7);
    const road = rect(mid[0] - 300, mid[0] + 300, mid[1] - 4.5, mid[1] + 4.5);
    const lots = Array.from({ length: 40 }, (_, k) =>
      rect(mid[0] - 300 + 15 * k, mid[0] - 285 + 15 * k, mid[1] + 4.5, mid[1] + 36),
    );
    const bentRoad = bend.ring(road);
    lots.forEach((lot) => {
      const bent = bend.ring(lot);
      // The lot's front (on the road's edge), corners and bends alike, lies on the bent road's edge …
      const front = bend.line(lot[0], lot[1]);
      expect(bent).toContainEqual(front[0]);
      expect(bent).toContainEqual(front[front.length - 1]);
      for (const p of front) expect(distanceToPolyline(p, bentRoad)).toBeLessThan(0.002);
    });
    // … and the lots' area is the area of the strip they were cut from, bent.
    const strip = bend.ring(rect(mid[0] - 300, mid[0] + 300, mid[1] + 4.5, mid[1] + 36));
    const sum = lots.reduce((total, lot) => total + ringArea(bend.ring(lot)), 0);
    expect(Math.abs(sum - ringArea(strip)) / ringArea(strip)).toBeLessThan(1e-4);
  });

  it('moves nothing near the shore or the border, and nothing where no village or old town is', () => {
    const bend = createBendField(land, strong, 7);
    // On the outline (a lake shore, a river bank, the border) and within a metre of it.
    for (const p of [
      [x0, mid[1]],
      [mid[0], y1 - 0.9],
      [x1, y0],
    ] as Point[])
      expect(bend.point(p)).toEqual(p);
    const flat = createBendField(land, () => bendAmplitude(0, 0), 7);
    const lot = rect(mid[0], mid[0] + 100, mid[1], mid[1] + 100);
    expect(flat.ring(lot)).toBe(lot);
  });

  it('is the same bend for the same seed, another for another', () => {
    const p: Point = [mid[0] + 13, mid[1] - 71];
    expect(createBendField(land, strong, 7).point(p)).toEqual(createBendField(land, strong, 7).point(p));
    expect(createBendField(land, strong, 8).point(p)).not.toEqual(createBendField(land, strong, 7).point(p));
  });

  it('counts the settled land of small places as villages, not the outskirts of towns', () => {
    expect(villageWeight(0.5, 160)).toBe(1);
    expect(villageWeight(0.2, 180)).toBe(1);
    expect(villageWeight(0.05, 180)).toBe(0);
    expect(villageWeight(0.3, 1600)).toBe(0);
  });
});
