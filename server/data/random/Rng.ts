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
