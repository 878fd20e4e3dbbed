import type { Point, Ring } from './Ring';

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
