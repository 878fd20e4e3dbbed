import type { Ring } from './Ring';

/** Signed shoelace area: positive when counter-clockwise with y up. */
export function signedArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  }
  return sum / 2;
}

export function ringArea(ring: Ring): number {
  return Math.abs(signedArea(ring));
}
