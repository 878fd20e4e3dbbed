/** A small, fast, seeded pseudo-random generator (mulberry32): same seed, same sequence, on any machine. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Whole number in [min, max]. */
  int(min: number, max: number): number;
  range(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks a key by weight: `{a: 3, b: 1}` gives a 75 % of the time. */
  weighted<K extends string | number>(weights: readonly (readonly [K, number])[]): K;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    range: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted(weights) {
      const total = weights.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [key, w] of weights) {
        r -= w;
        if (r < 0) return key;
      }
      return weights[weights.length - 1][0];
    },
  };
}

/** Mixes numbers and strings into one 32-bit seed (FNV-1a), e.g. hashSeed(datasetSeed, bfsNumber). */
export function hashSeed(...parts: (number | string)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = String(part);
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0x7c;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

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
