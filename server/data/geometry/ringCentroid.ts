import type { Point, Ring } from './Ring';

/** Area centroid of a simple ring (falls back to the vertex mean for degenerate rings). */
export function ringCentroid(ring: Ring): Point {
  let a = 0;
  let cx = 0;
  let cy = 0;
  const [ox, oy] = ring[0];
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const x0 = ring[j][0] - ox;
    const y0 = ring[j][1] - oy;
    const x1 = ring[i][0] - ox;
    const y1 = ring[i][1] - oy;
    const f = x0 * y1 - x1 * y0;
    a += f;
    cx += (x0 + x1) * f;
    cy += (y0 + y1) * f;
  }
  if (Math.abs(a) < 1e-9) {
    const n = ring.length;
    return [ring.reduce((s, p) => s + p[0], 0) / n, ring.reduce((s, p) => s + p[1], 0) / n];
  }
  return [ox + cx / (3 * a), oy + cy / (3 * a)];
}
