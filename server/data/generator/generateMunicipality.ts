import { Delaunay } from 'd3-delaunay';
import type { FixedPoint } from '../../../src/contract/Parcel';
import { FIXED_POINT_TYPES } from '../../../src/contract/ParcelVocabulary';
import type { CantonInfo } from '../../geo/cantons';
import type { MunicipalityShape, Place } from '../geography/SwissGeography';
import { BUILDING_ZONES, localZoneCode, mainUseCode } from '../catalog/zoneCatalog';
import { type Ring, ringArea, ringCentroid, pointInArea } from '../../geo/ring';
import { insetConvex, mainAxis, splitConvex } from '../../geo/convex';
import { createRng, hashSeed } from '../random';
import { lonLatToMercator, mercatorScale, mercatorToLonLat, toLv95 } from '../../geo/projection';
import { createDensityField, placeRadius, type DensityCentre } from './DensityField';
import { chooseZone, targetParcelArea } from './zonePlan';
import { parcelThemes } from './parcelThemes';
import { placeBuildings } from './placeBuildings';
import { municipalityLayers } from './municipalityLayers';
import { roofSolar } from './roofSolar';
import { parcelHeritage } from './parcelHeritage';
import { buildStreets, type StreetEdge } from './buildStreets';
import {
  type Block,
  type PendingParcel,
  blockSeeds,
  distanceToSegment,
  interiorPoint,
  projectArea,
  roadRing,
  vertexKey,
} from './municipalityLayout';
import type { DatasetNoise } from './DatasetNoise';
import type { GeneratedBuilding, GeneratedMunicipality, GeneratedParcel } from '../../store/parcels/DatasetWriter';
export interface MunicipalityInput {
  municipality: MunicipalityShape;
  canton: CantonInfo;
  /** Real places near the municipality (their towns shape the density). */
  places: Place[];
  /** Names of nearby municipalities, for streets like "Baarerstrasse". */
  neighbours: string[];
  zip: string;
  seed: number;
  noise: DatasetNoise;
  /** Stop after about this many parcels (tiny test datasets). */
  maxParcels?: number;
}


const MODULUS = 10n ** 12n;
// Odd and not a multiple of 5, so multiplying by it permutes 0 … 10¹² − 1: distinct inputs, distinct ids.
const MULTIPLIER = 7_919_000_003n;
const OFFSET = 104_729_000_017n;

/** An EGRID-shaped federal parcel id ("CH" + 12 digits), unique per (municipality, parcel index). */
export function egrid(bfs: number, index: number): string {
  const value = BigInt(bfs) * 10_000_000n + BigInt(index);
  return `CH${((value * MULTIPLIER + OFFSET) % MODULUS).toString().padStart(12, '0')}`;
}

/**
 * One municipality's parcels, buildings and streets, from its real outline and nearby towns.
 * Deterministic: the same dataset seed and BFS number always give the same result.
 */
export function generateMunicipality(input: MunicipalityInput): GeneratedMunicipality {
  const { municipality: m, canton, noise } = input;
  const rng = createRng(hashSeed(input.seed, m.bfs));
  const area = projectArea(m.geometry);
  const k = mercatorScale((m.bbox[1] + m.bbox[3]) / 2);
  const scale2 = 1 / (k * k);
  const [x0, y0] = lonLatToMercator(m.bbox[0], m.bbox[1]);
  const [x1, y1] = lonLatToMercator(m.bbox[2], m.bbox[3]);
  const core = interiorPoint(m, area, input.places, rng);
  const centres: DensityCentre[] = input.places.map((p) => {
    const [x, y] = lonLatToMercator(p.lon, p.lat);
    return { x, y, radius: placeRadius(p.population) * k };
  });
  centres.push({ x: core[0], y: core[1], radius: placeRadius(450) * k });
  const density = createDensityField(centres);

  const seeds = blockSeeds(x0, y0, x1, y1, k, density, rng);
  const margin = 50 * k;
  const voronoi = new Delaunay(seeds).voronoi([x0 - margin, y0 - margin, x1 + margin, y1 + margin]);
  const cellCount = seeds.length / 2;

  // Blocks: Voronoi cells whose centre lies in the municipality (its outline already excludes lakes).
  const blocks = new Map<number, Block>();
  for (let i = 0; i < cellCount; i++) {
    const polygon = voronoi.cellPolygon(i);
    if (!polygon) continue;
    const ring = polygon.slice(0, -1) as Ring;
    const c = ringCentroid(ring);
    if (!pointInArea(c[0], c[1], area)) continue;
    const urbanity = density.at(c[0], c[1]);
    blocks.set(i, { ring, use: chooseZone(urbanity, rng), urbanity, edges: [] });
  }

  // Streets run along the block edges that touch a building zone.
  const edgeByKey = new Map<string, StreetEdge>();
  for (const [i, block] of blocks) {
    if (!BUILDING_ZONES.has(block.use)) continue;
    const ring = block.ring;
    for (let v = 0; v < ring.length; v++) {
      const a = ring[v];
      const b = ring[(v + 1) % ring.length];
      if (Math.hypot(b[0] - a[0], b[1] - a[1]) < 12 * k) continue;
      const ka = vertexKey(a);
      const kb = vertexKey(b);
      const key = ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
      if (!edgeByKey.has(key)) edgeByKey.set(key, { a, b, ka, kb, street: -1, offset: 0, forward: true });
      block.edges.push(edgeByKey.get(key) as StreetEdge);
      void i;
    }
  }
  const streetEdges = [...edgeByKey.values()];
  const streets = buildStreets(streetEdges, canton.language, input.neighbours, rng);
  // Blocks beside a street block front onto it too (farms along the village road).
  for (const block of blocks.values()) {
    if (block.edges.length > 0) continue;
    const ring = block.ring;
    for (let v = 0; v < ring.length; v++) {
      const ka = vertexKey(ring[v]);
      const kb = vertexKey(ring[(v + 1) % ring.length]);
      const e = edgeByKey.get(ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`);
      if (e) block.edges.push(e);
    }
  }

  const pending: PendingParcel[] = [];
  const limit = input.maxParcels ?? Infinity;
  const blockOrder = [...blocks.entries()].sort(([, a], [, b]) => b.urbanity - a.urbanity);
  // The block each pending parcel was cut from, for the layer areas (roads: a negative id each).
  const pendingBlocks: number[] = [];
  for (const [blockIndex, block] of blockOrder) {
    if (pending.length >= limit) break;
    const building = BUILDING_ZONES.has(block.use);
    const inset = insetConvex(block.ring, (building ? 4 : 2) * k);
    if (!inset) continue;
    const target = targetParcelArea(block.use, rng) / scale2;
    const stack: Ring[] = [inset];
    while (stack.length > 0 && pending.length < limit) {
      const piece = stack.pop() as Ring;
      const a = ringArea(piece);
      if (a > target * 1.5) {
        const halves = splitConvex(piece, rng.range(0.38, 0.62), mainAxis(piece)).filter((r) => r.length >= 3);
        // Only keep cutting while both halves are really smaller (slivers can fail to split).
        if (halves.length === 2 && halves.every((h) => ringArea(h) < a * 0.95)) {
          stack.push(...halves);
          continue;
        }
      }
      if (a * scale2 < 40) continue;
      const c = ringCentroid(piece);
      let street: number | null = null;
      let along = 0;
      let side = 1;
      let best = Infinity;
      for (const e of block.edges) {
        const { d, t, cross } = distanceToSegment(c, e.a, e.b);
        if (d < best) {
          best = d;
          street = e.street;
          const len = Math.hypot(e.b[0] - e.a[0], e.b[1] - e.a[1]);
          along = e.offset + (e.forward ? t : 1 - t) * len;
          side = (cross > 0) === e.forward ? 1 : -1;
        }
      }
      const near = best < 160 * k;
      pending.push({
        ring: piece,
        use: block.use,
        urbanity: block.urbanity,
        typ: 'Eigentum',
        ind: 'Standard',
        street: near ? street : null,
        along,
        side,
        numbered: near && building,
        copyOf: null,
      });
      pendingBlocks.push(blockIndex);
    }
  }

  // Distinct-and-permanent rights: ~2 % of building-zone parcels get a Baurecht parcel on top.
  const ordinaryCount = pending.length;
  for (let i = 0; i < ordinaryCount; i++) {
    const p = pending[i];
    if (!BUILDING_ZONES.has(p.use) || !rng.chance(0.025)) continue;
    const ring = insetConvex(p.ring, Math.sqrt(ringArea(p.ring)) * 0.12);
    if (ring) {
      pending.push({ ...p, ring, typ: 'Baurecht', numbered: false, copyOf: i });
      pendingBlocks.push(pendingBlocks[i]);
    }
  }
  // Road parcels, one per street edge.
  for (const e of streetEdges) {
    if (pending.length >= limit + 50) break;
    const ring = roadRing(e, 8 * k);
    if (ring) {
      pending.push({
        ring,
        use: 18,
        urbanity: 0,
        typ: 'Eigentum',
        ind: 'Road',
        street: e.street,
        along: 0,
        side: 0,
        numbered: false,
        copyOf: null,
      });
      pendingBlocks.push(-1 - pendingBlocks.length);
    }
  }

  // House numbers: odd on the left, even on the right, rising along the street.
  const houseNumbers = new Map<number, string>();
  const byStreet = new Map<number, number[]>();
  pending.forEach((p, i) => {
    if (!p.numbered || p.street === null) return;
    const list = byStreet.get(p.street * 2 + (p.side > 0 ? 0 : 1));
    if (list) list.push(i);
    else byStreet.set(p.street * 2 + (p.side > 0 ? 0 : 1), [i]);
  });
  for (const [key, list] of byStreet) {
    list.sort((a, b) => pending[a].along - pending[b].along);
    list.forEach((index, n) => houseNumbers.set(index, String(key % 2 === 0 ? 2 * n + 1 : 2 * n + 2)));
  }

  const parcels: GeneratedParcel[] = [];
  const buildings: GeneratedBuilding[] = [];
  const fixTypes = Object.values(FIXED_POINT_TYPES[canton.language]);
  pending.forEach((p, index) => {
    const c = ringCentroid(p.ring);
    const [lon, lat] = mercatorToLonLat(c[0], c[1]);
    const lv95 = toLv95(lon, lat);
    const themes = parcelThemes({ cantonCode: canton.code, use: p.use, urbanity: p.urbanity, x: c[0], y: c[1], rng, noise });
    const owner = p.copyOf ?? index;
    const houseNo = houseNumbers.get(owner) ?? null;
    const street = p.street === null ? null : streets[p.street];
    const fixPoints: FixedPoint[] = [];
    for (let f = 0, n = p.ind === 'Road' ? 0 : rng.weighted([[0, 3], [1, 5], [2, 2]]); f < n; f++) {
      const dx = rng.range(-250, 250);
      const dy = rng.range(-250, 250);
      fixPoints.push({
        FIX_NAM: `${m.bfs}-${rng.int(100, 9999)} - ${rng.pick(fixTypes)}`,
        FIX_DTP: Math.round(Math.hypot(dx, dy)),
        FIX_COO_X: Math.round((lv95[0] + dx) * 100) / 100,
        FIX_COO_Y: Math.round((lv95[1] + dy) * 100) / 100,
      });
    }
    const placed =
      p.ind === 'Road' || p.typ === 'Baurecht' ? [] : placeBuildings(p.ring, p.use, scale2, rng, themes.listing);
    const heritage = parcelHeritage(placed, String(themes.themes.PRO_OOB));
    placed.forEach((b) => {
      const bc = ringCentroid(b.ring);
      const [blon, blat] = mercatorToLonLat(bc[0], bc[1]);
      const [bx, by] = toLv95(blon, blat);
      buildings.push({
        parcelIndex: parcels.length,
        ring: b.ring,
        lon: blon,
        lat: blat,
        OBJ_ID: String(m.bfs * 1_000_000 + buildings.length + 1),
        OBJ_TYP: b.typ,
        OBJ_SUR: b.sur,
        OBJ_VOL: Math.round(b.sur * b.floors * 3),
        OBJ_FLO: b.floors,
        OBJ_UNI: b.dwellings,
        OBJ_JOB: b.year,
        OBJ_POB: b.period,
        OBJ_PRO: b.pro,
        OBJ_MUN: m.name,
        OBJ_ZIP: input.zip,
        OBJ_STR: street ?? '',
        OBJ_STN: houseNo ?? '',
        OBJ_COO: `${bx.toFixed(1)} / ${by.toFixed(1)}`,
        OBJ_COO_X: bx,
        OBJ_COO_Y: by,
        roof: roofSolar({
          objId: String(m.bfs * 1_000_000 + buildings.length + 1),
          typ: b.typ,
          ring: b.ring,
          footprint: b.sur,
          floors: b.floors,
          urbanity: p.urbanity,
          seed: input.seed,
        }),
      });
    });
    const zone = localZoneCode(canton.language, p.use, Math.floor(p.urbanity * 10) + (index % 2));
    parcels.push({
      prcId: egrid(m.bfs, index + 1),
      prcNo: String(index + 1),
      typ: p.typ,
      ind: p.ind,
      sur: Math.max(1, Math.round(ringArea(p.ring) * scale2)),
      ring: p.ring,
      centroid: c,
      lon,
      lat,
      lv95,
      zip: input.zip,
      street,
      houseNo: p.ind === 'Road' ? null : houseNo,
      alphaPri: zone,
      alphaSec: themes.alphaSec,
      alphaTer: themes.alphaTer,
      bravoPri: mainUseCode(p.use),
      grnTrm: themes.grnTrm,
      grnRad: themes.grnRad,
      proBun: heritage.proBun,
      freeway: themes.freeway,
      putra: themes.putra,
      objCount: placed.length,
      themes: { ...themes.themes, ...heritage.themes },
      fixPoints,
    });
  });

  const [clon, clat] = mercatorToLonLat(core[0], core[1]);
  const layers = municipalityLayers({
    seed: input.seed,
    bfs: m.bfs,
    name: m.name,
    language: canton.language,
    core,
    blocks,
    parcels,
    parcelBlocks: pendingBlocks,
    buildings,
    streetEdges,
    streets,
  });
  return { bfs: m.bfs, name: m.name, cantonCode: canton.code, zip: input.zip, parcels, buildings, streets, centre: [clon, clat], layers };
}
