import type { BuildingType } from '../../../src/contract/Parcel';
import { CONSTRUCTION_PERIODS, MINOR_TYPES, PERIOD_WEIGHTS } from '../catalog/buildingCatalog';
import type { MainUse } from '../catalog/zoneCatalog';
import { PROTECTION_LEVELS, type ProtectionLevel } from '../../../src/contract/ParcelVocabulary';
import { type Point, type Ring, ringArea, ringCentroid, pointInRing, signedArea } from '../../geo/ring';
import { mainAxis } from '../../geo/convex';
import type { Rng } from '../random';
/** A building footprint and its register-shaped attributes (before ids and addresses are attached). */
export interface PlacedBuilding {
  ring: Ring;
  typ: BuildingType;
  pro: string;
  /** Footprint, real m². */
  sur: number;
  floors: number;
  dwellings: number;
  year: number | null;
  period: string;
}


/** A lot's axes (frame metres): `origin` on the street line, `dir` along the street, `inward` into the lot. */
export interface LotAxes {
  origin: Point;
  dir: Point;
  inward: Point;
  frontage: number;
  depth: number;
}

/** A footprint on a lot, in the lot's axes: s along the street from `s0` to `s1`, t from the street. */
interface Footprint {
  s0: number;
  s1: number;
  t0: number;
  t1: number;
  minor: boolean;
  floors: number;
  nonResidential: boolean;
}

/** The main building (and outbuildings) a zone puts on a lot of this frontage and depth. */
function lotFootprints(use: MainUse, f: number, d: number, rng: Rng): Footprint[] {
  const centred = (width: number, t0: number, depth: number, floors: number, nonResidential = false): Footprint => {
    const w = Math.min(width, f - 2);
    const s0 = (f - w) / 2 + rng.range(-0.15, 0.15) * (f - w);
    return { s0, s1: s0 + w, t0, t1: t0 + Math.min(depth, d - t0 - 2), minor: false, floors, nonResidential };
  };
  switch (use) {
    case 14: {
      // Old town: on the street line, wall to wall, a courtyard or an annex behind.
      const main: Footprint = {
        s0: 0.2,
        s1: f - 0.2,
        t0: 0,
        t1: Math.min(d - 3, rng.range(10, 16)),
        minor: false,
        floors: rng.int(3, 5),
        nonResidential: rng.chance(0.15),
      };
      if (!rng.chance(0.5) || d < main.t1 + 8) return [main];
      return [main, { s0: 1, s1: Math.min(f - 1, 7), t0: main.t1 + 2, t1: main.t1 + 7, minor: true, floors: 1, nonResidential: true }];
    }
    case 13:
    case 17: {
      const front = centred(f * rng.range(0.65, 0.85), rng.range(2, 4), Math.min(d * 0.55, rng.range(12, 18)), rng.int(3, 5), rng.chance(0.3));
      // A workshop or a second house in the back of deep lots.
      if (d - front.t1 < 14 || !rng.chance(0.45)) return [front];
      return [front, { ...centred(f * rng.range(0.4, 0.6), front.t1 + 4, Math.min(10, d - front.t1 - 6), rng.int(1, 3), rng.chance(0.5)) }];
    }
    case 11: {
      if (f >= 28) return [centred(f * rng.range(0.6, 0.75), rng.range(5, 7), Math.min(d * 0.5, rng.range(11, 14)), rng.int(3, 4))];
      const villa = centred(Math.min(f - 6, rng.range(9, 13)), rng.range(5, 8), Math.min(d * 0.45, rng.range(8, 11)), rng.weighted([[1, 25], [2, 65], [3, 10]]));
      if (!rng.chance(0.6) || villa.s1 + 7.5 > f) return [villa];
      const garage: Footprint = { s0: villa.s1 + 1.5, s1: villa.s1 + 7.5, t0: villa.t0, t1: villa.t0 + 6, minor: true, floors: 1, nonResidential: true };
      return [villa, garage];
    }
    case 12: {
      const setback = rng.range(6, 10);
      const hall = centred(f * rng.range(0.55, 0.8), setback, (d - setback - 6) * rng.range(0.6, 0.85), rng.int(1, 2), true);
      if (!rng.chance(0.6)) return [hall];
      return [hall, { ...centred(Math.min(f * 0.3, 20), 2, 5, rng.int(2, 4), true), t1: Math.min(hall.t0 - 1, 2 + 12) }];
    }
    case 15:
      return [centred(f * rng.range(0.4, 0.6), 8, d * rng.range(0.3, 0.45), rng.int(2, 3), true)];
    case 16:
      return rng.chance(0.1) ? [{ ...centred(8, 6, 6, 1, true), minor: true }] : [];
    default:
      return [];
  }
}

/** Open land: a farmstead on some fields, a hut in the odd forest; placed around the parcel's middle. */
function openLandFootprints(parcel: Ring, use: MainUse, rng: Rng): Ring[] {
  const count = use === 21 ? rng.weighted([[0, 55], [1, 25], [2, 20]]) : rng.chance(0.03) ? 1 : 0;
  const axis = mainAxis(parcel);
  const normal: Point = [-axis[1], axis[0]];
  const c = ringCentroid(parcel);
  const rings: Ring[] = [];
  for (let n = 0; n < count; n++) {
    const [w, h] = use === 21 ? (n === 0 ? [rng.range(12, 18), rng.range(10, 13)] : [rng.range(18, 28), rng.range(12, 16)]) : [5, 4];
    const offset = n === 0 ? 0 : h + 4;
    const ring: Ring = [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([a, b]): Point => [
      c[0] + axis[0] * a * (w / 2) + normal[0] * (b * (h / 2) + offset),
      c[1] + axis[1] * a * (w / 2) + normal[1] * (b * (h / 2) + offset),
    ]);
    if (ring.every((p) => pointInRing(p[0], p[1], parcel))) rings.push(ring);
  }
  return rings;
}

function period(use: MainUse, rng: Rng): { year: number; label: string } {
  const code = use === 14 && rng.chance(0.5) ? 8011 : rng.weighted(PERIOD_WEIGHTS);
  const p = CONSTRUCTION_PERIODS.find((x) => x.code === code) ?? CONSTRUCTION_PERIODS[0];
  return { year: rng.int(p.from, p.to), label: p.label };
}

/** The stronger of two OBJ_PRO values (national > cantonal > communal > none). */
function stronger(a: string, b: string): string {
  const rank = (level: string) => (PROTECTION_LEVELS as readonly string[]).indexOf(level);
  const ra = rank(a);
  const rb = rank(b);
  if (ra === -1) return b;
  if (rb === -1) return a;
  return ra <= rb ? a : b;
}

function protection(use: MainUse, year: number, rng: Rng): ProtectionLevel | 'none' {
  const old = year < 1919 ? 4 : 1;
  const r = rng.next();
  if (r < 0.002 * old * (use === 14 ? 3 : 1)) return 'national';
  if (r < 0.012 * old * (use === 14 ? 2 : 1)) return 'cantonal';
  if (r < 0.03 * old) return 'communal';
  return 'none';
}


/**
 * Buildings on a parcel with register-shaped attributes (category, period, floors, dwellings), in frame
 * metres. On a lot (`axes`) they stand set back from the street by zone and parallel to it; on open land a
 * farmstead or hut stands in the middle. `listing` is the protection the site's heritage value gives the
 * main building (it may also be listed on its own, higher).
 */
export function placeBuildings(
  parcel: Ring,
  use: MainUse,
  rng: Rng,
  axes: LotAxes | null,
  listing: ProtectionLevel | null = null,
): PlacedBuilding[] {
  const shapes: { ring: Ring; minor: boolean; floors: number; nonResidential: boolean }[] = [];
  if (axes) {
    const { origin, dir, inward } = axes;
    const at = (s: number, t: number): Point => [origin[0] + dir[0] * s + inward[0] * t, origin[1] + dir[1] * s + inward[1] * t];
    for (const fp of lotFootprints(use, axes.frontage, axes.depth, rng)) {
      if (fp.s1 - fp.s0 < 3 || fp.t1 - fp.t0 < 3) continue;
      let ring: Ring = [at(fp.s0, fp.t0), at(fp.s1, fp.t0), at(fp.s1, fp.t1), at(fp.s0, fp.t1)];
      if (signedArea(ring) < 0) ring = ring.reverse();
      // A lot cut by the municipality's outline may not hold the whole footprint: then no building.
      const centre = ringCentroid(ring);
      const inside = ring.every((p) => pointInRing(p[0] * 0.999 + centre[0] * 0.001, p[1] * 0.999 + centre[1] * 0.001, parcel));
      if (inside) shapes.push({ ring, minor: fp.minor, floors: fp.floors, nonResidential: fp.nonResidential });
    }
  } else {
    openLandFootprints(parcel, use, rng).forEach((ring, n) =>
      shapes.push({ ring, minor: false, floors: n === 0 ? 2 : 1, nonResidential: n > 0 }),
    );
  }
  const residential = use === 11 || use === 13 || use === 14 || use === 21;
  return shapes.map((shape, index) => {
    const sur = Math.max(4, Math.round(ringArea(shape.ring)));
    // Garages, workshops and back buildings are ordinary non-residential buildings; a few annexes are the
    // register's minor structures (shelters, basins, walls …).
    const typ: BuildingType = shape.minor
      ? rng.chance(0.2)
        ? rng.weighted(MINOR_TYPES)
        : 'building_non_residential'
      : residential && !shape.nonResidential && !rng.chance(0.08)
        ? 'building'
        : 'building_non_residential';
    const { year, label } = period(use, rng);
    const own = protection(use, year, rng);
    const pro = index === 0 && listing ? stronger(own, listing) : own;
    return {
      ring: shape.ring,
      typ: pro === 'national' && shape.minor ? 'protected_object' : typ,
      pro,
      sur,
      floors: shape.floors,
      dwellings: typ === 'building' ? Math.max(1, Math.round((sur * shape.floors * 0.8) / 95)) : 0,
      year: shape.minor && rng.chance(0.5) ? null : year,
      period: label,
    };
  });
}
