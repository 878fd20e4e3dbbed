import { hashSeed } from './hashSeed';

function lattice(seed: number, ix: number, iy: number): number {
  let h = Math.imul(ix, 0x27d4eb2d) ^ Math.imul(iy, 0x165667b1) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

const smooth = (t: number) => t * t * (3 - 2 * t);

/**
 * Smooth value noise in [0, 1) over the plane, with features about `cellSize` wide: neighbouring parcels
 * get similar values, so hazard bands and radon areas look like areas, not confetti.
 */
export function createValueNoise(seed: number | string, cellSize: number): (x: number, y: number) => number {
  const s = typeof seed === 'number' ? seed : hashSeed(seed);
  return (x, y) => {
    const fx = x / cellSize;
    const fy = y / cellSize;
    const ix = Math.floor(fx);
    const iy = Math.floor(fy);
    const tx = smooth(fx - ix);
    const ty = smooth(fy - iy);
    const a = lattice(s, ix, iy);
    const b = lattice(s, ix + 1, iy);
    const c = lattice(s, ix, iy + 1);
    const d = lattice(s, ix + 1, iy + 1);
    return a + (b - a) * tx + (c - a) * ty + (a - b - c + d) * tx * ty;
  };
}
