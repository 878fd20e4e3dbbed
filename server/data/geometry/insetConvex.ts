import type { Ring } from './Ring';
import { clipConvex } from './clipConvex';
import { signedArea } from './ringArea';

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
