/**
 * WGS84 → LV95 (EPSG:2056) without proj4's per-call objects (lonLatToLv95Into) must give proj4's own
 * doubles, bit for bit: the OGC pages write LV95 to the millimetre, and a last-bit difference could round
 * a position to the other millimetre.
 */
import { lonLatToLv95, lonLatToLv95Into, proj4LonLatToLv95 } from '../../server/geo/projection';

const sameDoubles = (lon: number, lat: number) => {
  const out = new Float64Array(2);
  lonLatToLv95Into(lon, lat, out);
  const [e, n] = proj4LonLatToLv95(lon, lat);
  return Object.is(out[0], e) && Object.is(out[1], n);
};

/** Reproducible pseudo-random numbers in [0, 1) (mulberry32): the same positions on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How many of `count` positions in the box lonLatToLv95Into gives otherwise than proj4. */
function differing(count: number, [minLon, minLat, maxLon, maxLat]: number[], seed: number): number {
  const next = random(seed);
  let found = 0;
  for (let i = 0; i < count; i++)
    if (!sameDoubles(minLon + next() * (maxLon - minLon), minLat + next() * (maxLat - minLat))) found++;
  return found;
}

describe('lonLatToLv95', () => {
  it('gives proj4’s easting and northing bit for bit across Switzerland and its neighbours', () => {
    expect(differing(50_000, [5, 45, 11.5, 48.5], 2056)).toBe(0);
  });

  it('gives proj4’s figures far away, at the poles and the date line, and for what is not a position', () => {
    expect(differing(20_000, [-180, -90, 180, 90], 4326)).toBe(0);
    for (const [lon, lat] of [
      [0, 0],
      [180, 0],
      [-180, 89.999999],
      [0, 90],
      [10, -90],
    ])
      expect([lon, lat, sameDoubles(lon, lat)]).toEqual([lon, lat, true]);
    for (const [lon, lat] of [
      [Number.NaN, 46],
      [8, Number.POSITIVE_INFINITY],
    ])
      expect(() => lonLatToLv95(lon, lat)).toThrow('coordinates must be finite numbers');
  });

  it('answers lonLatToLv95 with the same figures', () => {
    expect(lonLatToLv95(8.5417, 47.3769)).toEqual(proj4LonLatToLv95(8.5417, 47.3769));
  });
});
