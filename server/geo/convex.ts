import { type Point, type Ring, signedArea } from './ring';

/**
 * Keeps the part of a convex ring on the side of the line through `origin` where
 * (p - origin) · normal >= 0 (Sutherland–Hodgman against one half-plane).
 */
export function clipConvex(ring: Ring, origin: Point, normal: Point): Ring {
  const side = (p: Point) => (p[0] - origin[0]) * normal[0] + (p[1] - origin[1]) * normal[1];
  const out: Ring = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    const sa = side(a);
    const sb = side(b);
    if (sa >= 0) out.push(a);
    if (sa >= 0 !== sb >= 0) {
      const t = sa / (sa - sb);
      out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
    }
  }
  return out;
}

/**
 * Shrinks a convex ring by moving every edge inwards by `distance` (the street between blocks).
 * Returns null when nothing is left.
 */
export function insetConvex(ring: Ring, distance: number): Ring | null {
  const ccw = signedArea(ring) > 0 ? 1 : -1;
  let result = ring;
  for (let i = 0; i < ring.length && result.length >= 3; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy);
    if (len < 1e-9) continue;
    // Inward normal: left of the edge for a counter-clockwise ring.
    const nx = (-dy / len) * ccw;
    const ny = (dx / len) * ccw;
    result = clipConvex(result, [a[0] + nx * distance, a[1] + ny * distance], [nx, ny]);
  }
  return result.length >= 3 ? result : null;
}

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

/**
 * Sutherland–Hodgman: the subject ring (any simple ring) cut to a convex window. Exact when the result is
 * one piece; several pieces come out joined by zero-width bridges.
 */
export function clipToConvexWindow(subject: Ring, window: Ring): Ring {
  const ccw = signedArea(window) > 0 ? 1 : -1;
  let out = subject;
  for (let i = 0; i < window.length && out.length >= 3; i++) {
    const a = window[i];
    const b = window[(i + 1) % window.length];
    out = clipConvex(out, a, [-(b[1] - a[1]) * ccw, (b[0] - a[0]) * ccw]);
  }
  return out;
}
