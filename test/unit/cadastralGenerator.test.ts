import type { Position } from 'geojson';
import { loadSwissGeography } from '../../server/data/geography/loadSwissGeography';
import { planMunicipalities } from '../../server/data/planMunicipalities';
import { createDatasetNoise } from '../../server/data/generator/DatasetNoise';
import { generateMunicipality } from '../../server/data/generator/generateMunicipality';
import { repeatsStem, streetName } from '../../server/data/catalog/streetNames';
import { BUILDING_ZONES } from '../../server/data/catalog/zoneCatalog';
import { createRng } from '../../server/data/random';
import { clipToConvexWindow } from '../../server/geo/convex';
import {
  type Point,
  type Ring,
  pointInRing,
  ringArea,
  ringCentroid,
  ringsBox,
  signedArea,
} from '../../server/geo/ring';
import { lonLatToMercator } from '../../server/geo/projection';
import type {
  GeneratedMunicipality,
  GeneratedParcel,
} from '../../server/store/contract/parcels/DatasetWriter';

/**
 * The generator's invariants on real municipalities: it must read like a cadastral plan. Overlaps are
 * measured pairwise (no polygon-union library is installed): candidate pairs come from a bucket grid of
 * their boxes, the shared area of a pair is one ring clipped by the other when that one is convex
 * (Sutherland–Hodgman), else by each of the other's triangles.
 */

const geography = loadSwissGeography();
const SEED = 20260101;
const noise = createDatasetNoise(SEED);
const generated = new Map<string, GeneratedMunicipality>();

function municipality(canton: string, name: string): GeneratedMunicipality {
  const key = `${canton}/${name}`;
  const cached = generated.get(key);
  if (cached) return cached;
  const input = planMunicipalities(geography, [canton], SEED, noise).find(
    (i) => i.municipality.name === name,
  );
  if (!input) throw new Error(`${key} is not in the geography`);
  const m = generateMunicipality(input);
  generated.set(key, m);
  return m;
}

const SAMPLES: [string, string][] = [
  ['ZG', 'Zug'],
  ['ZG', 'Baar'],
  ['TI', 'Lugano'],
  ['GE', 'Carouge (GE)'],
];

function cross(o: Point, a: Point, b: Point): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

function properlyCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(a, b, c);
  const d2 = cross(a, b, d);
  const d3 = cross(c, d, a);
  const d4 = cross(c, d, b);
  const eps = 1e-9 * Math.max(1, Math.hypot(b[0] - a[0], b[1] - a[1]) * Math.hypot(d[0] - c[0], d[1] - c[1]));
  return (
    ((d1 > eps && d2 < -eps) || (d1 < -eps && d2 > eps)) &&
    ((d3 > eps && d4 < -eps) || (d3 < -eps && d4 > eps))
  );
}

function selfIntersects(ring: Ring): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (properlyCross(ring[i], ring[(i + 1) % n], ring[j], ring[(j + 1) % n])) return true;
    }
  }
  return false;
}

function isConvex(ring: Ring): boolean {
  const sign = Math.sign(signedArea(ring));
  return ring.every(
    (p, i) => cross(p, ring[(i + 1) % ring.length], ring[(i + 2) % ring.length]) * sign >= -1e-6,
  );
}

type Box = [number, number, number, number];
const overlaps = (a: Box, b: Box) => a[0] < b[1] && b[0] < a[1] && a[2] < b[3] && b[2] < a[3];

/** The ring as triangles (ear clipping; a parcel has a few dozen vertices at most): convex windows. */
function triangles(ring: Ring): Ring[] {
  const points = signedArea(ring) > 0 ? [...ring] : [...ring].reverse();
  const out: Ring[] = [];
  const inside = (p: Point, a: Point, b: Point, c: Point) =>
    cross(a, b, p) > 0 && cross(b, c, p) > 0 && cross(c, a, p) > 0;
  while (points.length > 3) {
    const n = points.length;
    const ear = points.findIndex((b, i) => {
      const a = points[(i - 1 + n) % n];
      const c = points[(i + 1) % n];
      return (
        cross(a, b, c) > 1e-12 && !points.some((p) => p !== a && p !== b && p !== c && inside(p, a, b, c))
      );
    });
    // No ear left (collinear rest): what remains has no area.
    if (ear < 0) break;
    out.push([points[(ear - 1 + n) % n], points[ear], points[(ear + 1) % n]]);
    points.splice(ear, 1);
  }
  if (points.length === 3) out.push(points);
  return out;
}

/**
 * The area two rings share: one clipped by the other when that one is convex (Sutherland–Hodgman), else
 * by each triangle of the other (bent parcels are slightly concave polylines).
 */
function sharedArea(a: Ring, b: Ring, boxA: Box, boxB: Box): number {
  if (isConvex(b)) return ringArea(clipToConvexWindow(a, b));
  if (isConvex(a)) return ringArea(clipToConvexWindow(b, a));
  const box: Box = [
    Math.max(boxA[0], boxB[0]),
    Math.min(boxA[1], boxB[1]),
    Math.max(boxA[2], boxB[2]),
    Math.min(boxA[3], boxB[3]),
  ];
  if (box[0] >= box[1] || box[2] >= box[3]) return 0;
  return triangles(b).reduce((sum, t) => sum + ringArea(clipToConvexWindow(a, t)), 0);
}

/** Pairs of parcels whose boxes overlap, from a bucket grid (an R-tree's job, in a few lines). */
function candidatePairs(rings: Ring[], boxes: Box[]): [number, number][] {
  const cell = 100;
  const buckets = new Map<string, number[]>();
  boxes.forEach((box, index) => {
    for (let x = Math.floor(box[0] / cell); x <= Math.floor(box[1] / cell); x++) {
      for (let y = Math.floor(box[2] / cell); y <= Math.floor(box[3] / cell); y++) {
        const key = `${x},${y}`;
        const list = buckets.get(key);
        if (list) list.push(index);
        else buckets.set(key, [index]);
      }
    }
  });
  const seen = new Set<number>();
  const pairs: [number, number][] = [];
  for (const list of buckets.values()) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const [a, b] = list[i] < list[j] ? [list[i], list[j]] : [list[j], list[i]];
        const id = a * rings.length + b;
        if (seen.has(id) || !overlaps(boxes[a], boxes[b])) continue;
        seen.add(id);
        pairs.push([a, b]);
      }
    }
  }
  return pairs;
}

const ordinary = (m: GeneratedMunicipality) => m.parcels.filter((p) => p.typ !== 'Baurecht');

describe.each(SAMPLES)('the generated cadastral plan of %s %s', (canton, name) => {
  it('has valid parcels (no self-intersection, positive area) that do not overlap', () => {
    const parcels = ordinary(municipality(canton, name));
    const rings = parcels.map((p) => p.ring);
    for (const ring of rings) {
      expect(ring.length).toBeGreaterThanOrEqual(3);
      expect(ringArea(ring)).toBeGreaterThan(0);
      expect(selfIntersects(ring)).toBe(false);
    }
    const boxes = rings.map((r) => ringsBox([r]));
    const total = rings.reduce((sum, r) => sum + ringArea(r), 0);
    let shared = 0;
    for (const [a, b] of candidatePairs(rings, boxes))
      shared += sharedArea(rings[a], rings[b], boxes[a], boxes[b]);
    // Sum of the areas = area of their union (sum minus what pairs share) within 0.1 %.
    expect(shared / total).toBeLessThan(0.001);
  });

  it('puts no parcel in a lake', () => {
    const m = municipality(canton, name);
    const lakes = geography.lakes.flatMap((lake) =>
      (lake.geometry.type === 'Polygon' ? [lake.geometry.coordinates] : lake.geometry.coordinates).map(
        (rings) => rings.map((ring) => ring.map((p: Position) => lonLatToMercator(p[0], p[1]))),
      ),
    );
    const inLake = (p: Point) =>
      lakes.some(
        (rings) =>
          pointInRing(p[0], p[1], rings[0]) && !rings.slice(1).some((hole) => pointInRing(p[0], p[1], hole)),
      );
    const wet = m.parcels.filter((p) => inLake(ringCentroid(p.ring)));
    expect(wet.map((p) => p.prcNo)).toEqual([]);
    // Lugano and Zug lie on lakes: the test would be empty otherwise.
    if (name === 'Zug' || name === 'Lugano') {
      const [x0, x1, y0, y1] = ringsBox(m.parcels.map((p) => p.ring));
      expect(
        lakes.some((rings) => rings[0].some((q) => q[0] > x0 && q[0] < x1 && q[1] > y0 && q[1] < y1)),
      ).toBe(true);
    }
  });

  it('fronts every building-zone lot on a street parcel', () => {
    const m = municipality(canton, name);
    const roads = m.parcels.filter((p) => p.ind === 'Road');
    const roadBoxes = roads.map((r) => ringsBox([r.ring]));
    const lots = m.parcels.filter(
      (p) => p.ind !== 'Road' && p.typ !== 'Baurecht' && BUILDING_ZONES.has(Number(p.bravoPri) as never),
    );
    expect(lots.length).toBeGreaterThan(100);
    const touches = (lot: GeneratedParcel) => {
      const box = ringsBox([lot.ring]);
      const near: Box = [box[0] - 0.1, box[1] + 0.1, box[2] - 0.1, box[3] + 0.1];
      return roads.some((road, i) => {
        if (!overlaps(near, roadBoxes[i])) return false;
        // A stretch of a lot edge lies on a road edge (same line, overlapping by more than half a metre).
        return road.ring.some((a, e) => {
          const b = road.ring[(e + 1) % road.ring.length];
          const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
          const t = (p: Point) => ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / len;
          const onLine = (p: Point) => Math.abs(cross(a, b, p)) / len < 0.02;
          return lot.ring.some((p, k) => {
            const q = lot.ring[(k + 1) % lot.ring.length];
            if (!onLine(p) || !onLine(q)) return false;
            const overlap = Math.min(Math.max(t(p), t(q)), len) - Math.max(Math.min(t(p), t(q)), 0);
            return overlap > 0.5;
          });
        });
      });
    };
    const isolated = lots.filter((lot) => !touches(lot));
    expect(isolated.map((p) => `${p.prcNo} ${p.bravoPri}`)).toEqual([]);
  });

  it('numbers houses odd on one side and even on the other, rising along the street', () => {
    const m = municipality(canton, name);
    const lines = new Map<string, Point[][]>();
    for (const f of m.layers) {
      if (f.sourceLayer !== 'streets' || f.geometry.type !== 'line' || !f.label) continue;
      lines.set(f.label, [...(lines.get(f.label) ?? []), f.geometry.line]);
    }
    const numbered = ordinary(m).filter((p) => p.houseNo !== null && p.street !== null);
    expect(numbered.length).toBeGreaterThan(100);
    const byStreet = new Map<string, GeneratedParcel[]>();
    for (const p of numbered)
      byStreet.set(p.street as string, [...(byStreet.get(p.street as string) ?? []), p]);
    let checked = 0;
    for (const [street, parcels] of byStreet) {
      const streetLines = lines.get(street);
      expect(streetLines).toBeDefined();
      // Streets bend (old towns, villages): a lot's side and position are read off the nearest piece of
      // the street's centre line, its position as the distance along the line up to there.
      const segments: { a: Point; b: Point; start: number }[] = [];
      let travelled = 0;
      for (const line of streetLines as Point[][]) {
        for (let i = 1; i < line.length; i++) {
          segments.push({ a: line[i - 1], b: line[i], start: travelled });
          travelled += Math.hypot(line[i][0] - line[i - 1][0], line[i][1] - line[i - 1][1]);
        }
      }
      const nearest = (p: GeneratedParcel) => {
        let best = { distance: Infinity, side: 0, along: 0 };
        for (const { a, b, start } of segments) {
          const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
          const t = Math.max(
            0,
            Math.min(
              length,
              ((p.centroid[0] - a[0]) * (b[0] - a[0]) + (p.centroid[1] - a[1]) * (b[1] - a[1])) / length,
            ),
          );
          const foot: Point = [a[0] + ((b[0] - a[0]) * t) / length, a[1] + ((b[1] - a[1]) * t) / length];
          const distance = Math.hypot(p.centroid[0] - foot[0], p.centroid[1] - foot[1]);
          if (distance < best.distance)
            best = { distance, side: Math.sign(cross(a, b, p.centroid)), along: start + t };
        }
        return best;
      };
      const side = (p: GeneratedParcel) => nearest(p).side;
      const along = (p: GeneratedParcel) => nearest(p).along;
      for (const parity of [1, 0]) {
        const group = parcels
          .filter((p) => Number(p.houseNo) % 2 === parity)
          .sort((a, b) => Number(a.houseNo) - Number(b.houseNo));
        if (group.length === 0) continue;
        // One side of the street per parity …
        expect(new Set(group.map(side)).size).toBe(1);
        // … and numbers rising along it (centroids of cut-off lots may shift a little).
        group.slice(1).forEach((p, i) => expect(along(p)).toBeGreaterThan(along(group[i]) - 2));
        checked++;
      }
      const odd = parcels.find((p) => Number(p.houseNo) % 2 === 1);
      const even = parcels.find((p) => Number(p.houseNo) % 2 === 0);
      if (odd && even) expect(side(odd)).toBe(-side(even));
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('generated addresses', () => {
  it('carry the real postcodes of the default cantons’ towns', () => {
    expect(municipality('ZG', 'Zug').zip).toBe('6300');
    expect(municipality('ZG', 'Baar').zip).toBe('6340');
    expect(municipality('TI', 'Lugano').zip).toMatch(/^69\d\d$/);
    expect(municipality('GE', 'Carouge (GE)').zip).toBe('1227');
    // The municipality's main postcode, and its other postal areas' where it has several (Oberwil b. Zug).
    expect(new Set(municipality('ZG', 'Zug').parcels.map((p) => p.zip))).toEqual(new Set(['6300', '6317']));
    expect(new Set(municipality('ZG', 'Baar').parcels.map((p) => p.zip))).toContain('6340');
    for (const [canton, name] of SAMPLES) {
      const m = municipality(canton, name);
      expect(m.parcels.filter((p) => p.zip === m.zip).length).toBeGreaterThan(m.parcels.length / 10);
    }
  });

  it('name streets in the canton’s language, unique in the municipality, never with a doubled stem', () => {
    for (const [canton, name] of SAMPLES) {
      const streets = municipality(canton, name).streets;
      expect(new Set(streets).size).toBe(streets.length);
    }
    expect(
      municipality('ZG', 'Zug').streets.filter((s) => /strasse$|weg$|gasse$/.test(s)).length,
    ).toBeGreaterThan(10);
    expect(
      municipality('TI', 'Lugano').streets.filter((s) =>
        /^(Via|Vicolo|Strada|Salita|Viale|Piazza|Contrada)\b/.test(s),
      ).length,
    ).toBeGreaterThan(10);
    expect(municipality('GE', 'Carouge (GE)').streets.every((s) => !/strasse$/.test(s))).toBe(true);
    const rng = createRng(3);
    const names = Array.from({ length: 5000 }, () => streetName('de', ['Baar', 'Cham'], rng));
    expect(names.filter(repeatsStem)).toEqual([]);
    expect(repeatsStem('Ackerackerstrasse')).toBe(true);
    expect(names.some((n) => /moos.*bahnhof|bahnhof.*matt/i.test(n))).toBe(false);
  });
});
