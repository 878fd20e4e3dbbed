import { createValueNoise, hashSeed } from '../random';
/** Smooth fields shared by the whole dataset, so neighbouring municipalities agree at their borders. */
export interface DatasetNoise {
  flood: (x: number, y: number) => number;
  slide: (x: number, y: number) => number;
  rock: (x: number, y: number) => number;
  groundwater: (x: number, y: number) => number;
  freeway: (x: number, y: number) => number;
  heritage: (x: number, y: number) => number;
  soil: (x: number, y: number) => number;
  /** Radon per 1 km cell (not smooth: the federal map is a grid). */
  radonCell: (x: number, y: number) => number;
}

export function createDatasetNoise(seed: number): DatasetNoise {
  const radon = createValueNoise(hashSeed(seed, 'radon'), 1);
  return {
    flood: createValueNoise(hashSeed(seed, 'flood'), 1200),
    slide: createValueNoise(hashSeed(seed, 'slide'), 900),
    rock: createValueNoise(hashSeed(seed, 'rock'), 700),
    groundwater: createValueNoise(hashSeed(seed, 'groundwater'), 2500),
    freeway: createValueNoise(hashSeed(seed, 'freeway'), 9000),
    heritage: createValueNoise(hashSeed(seed, 'heritage'), 600),
    soil: createValueNoise(hashSeed(seed, 'soil'), 1500),
    // Lattice values at whole-kilometre cells (mercator km; close enough to the federal grid's look).
    radonCell: (x, y) => radon(Math.floor(x / 1400) + 0.5, Math.floor(y / 1400) + 0.5),
  };
}
