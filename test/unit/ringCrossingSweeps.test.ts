import { polygonProblem, ringCrossingSweeps } from '../../server/data/cadastre/validateAreaGeometry';

type Ring = [number, number][];

/** A small deterministic generator (mulberry32), so a failure names its ring. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const close = (points: Ring): Ring => [...points, points[0]];

/** A star-shaped ring round (cx, cy): valid whatever the radii. */
function star(n: number, next: () => number, spiky: boolean): Ring {
  const points: Ring = [];
  for (let i = 0; i < n; i++) {
    const angle = (2 * Math.PI * i) / n;
    const radius = spiky ? (i % 2 ? 40 : 60) : 50 + 10 * next();
    points.push([2_682_700 + radius * Math.cos(angle), 1_227_700 + radius * Math.sin(angle)]);
  }
  return close(points);
}

describe('the two ring sweeps', () => {
  it('agree on thousands of small rings on a coarse grid (collinear, touching, vertical and crossing edges)', () => {
    const next = random(20261127);
    let crossing = 0;
    for (let k = 0; k < 20_000; k++) {
      const n = 3 + Math.floor(next() * 8);
      const points: Ring = [];
      while (points.length < n) {
        const point: [number, number] = [Math.floor(next() * 6), Math.floor(next() * 6)];
        const last = points.at(-1);
        if (!last || last[0] !== point[0] || last[1] !== point[1]) points.push(point);
      }
      if (points[0][0] === points.at(-1)![0] && points[0][1] === points.at(-1)![1]) continue;
      const ring = close(points);
      const exact = ringCrossingSweeps.byOpenEdges(ring);
      const ordered = ringCrossingSweeps.byOrder(ring);
      if ((exact === null) !== (ordered === null))
        throw new Error(`sweeps disagree on ${JSON.stringify(ring)}`);
      if (exact) crossing++;
    }
    // Both answers occur often enough for the agreement to mean something.
    expect(crossing).toBeGreaterThan(2_000);
    expect(crossing).toBeLessThan(19_000);
  });

  it('agree on valid stars and on stars with one vertex moved across the ring', () => {
    const next = random(7);
    for (let k = 0; k < 300; k++) {
      const ring = star(8 + Math.floor(next() * 200), next, k % 3 === 0);
      expect(ringCrossingSweeps.byOrder(ring)).toBeNull();
      expect(ringCrossingSweeps.byOpenEdges(ring)).toBeNull();
      const broken = ring.map((p) => [...p] as [number, number]);
      const i = 1 + Math.floor(next() * (broken.length - 3));
      broken[i] = [2 * 2_682_700 - broken[i][0], 2 * 1_227_700 - broken[i][1]];
      expect(ringCrossingSweeps.byOrder(broken) === null).toBe(
        ringCrossingSweeps.byOpenEdges(broken) === null,
      );
    }
  });

  it('checks a 20,000-vertex ring of thin spikes through the ordered sweep and finds a crossing there', () => {
    const spikes = star(20_000, random(1), true);
    expect(polygonProblem([spikes])).toBeNull();
    const crossed = spikes.map((p) => [...p] as [number, number]);
    crossed[5_000] = [crossed[15_000][0] + 1, crossed[15_000][1]];
    expect(polygonProblem([crossed])).toMatch(/^invalid geometry: the exterior ring intersects itself/);
  });
});
