import type { Point, Ring } from './Ring';
import { clipConvex } from './clipConvex';

/** The longest edge's direction (unit vector): parcels and buildings align with it. */
export function mainAxis(ring: Ring): Point {
  let best = 0;
  let axis: Point = [1, 0];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len > best) {
      best = len;
      axis = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    }
  }
  return axis;
}

/** Extent of a ring along a unit direction: [min, max] of p · dir. */
export function extentAlong(ring: Ring, dir: Point): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const p of ring) {
    const d = p[0] * dir[0] + p[1] * dir[1];
    if (d < min) min = d;
    if (d > max) max = d;
  }
  return [min, max];
}

/**
 * Cuts a convex ring in two across its longest extent, at `fraction` of the way (0.5 = middle).
 * Both halves stay convex, so they can be cut again.
 */
export function splitConvex(ring: Ring, fraction: number, across: Point): [Ring, Ring] {
  const [min, max] = extentAlong(ring, across);
  const d = min + (max - min) * fraction;
  const origin: Point = [across[0] * d, across[1] * d];
  return [clipConvex(ring, origin, across), clipConvex(ring, origin, [-across[0], -across[1]])];
}
