import type { FixedPoint } from '../../../src/contract/Parcel';
import { FIXED_POINT_TYPES } from '../../../src/contract/ParcelVocabulary';
import type { CantonInfo } from '../../geo/cantons';
import type { LakeShape, MunicipalityShape, Place } from '../geography/SwissGeography';
import { localZoneCode, mainUseCode } from '../catalog/zoneCatalog';
import { OLD_TOWNS } from '../catalog/oldTowns';
import { postalAreaNames, postalAreasOf } from '../catalog/postalAreas';
import { hasRailwayStation } from '../catalog/railwayStations';
import { type Point, ringArea, ringCentroid } from '../../geo/ring';
import { insetConvex } from '../../geo/convex';
import { createRng, hashSeed } from '../random';
import { createForestField } from './forestField';
import { lonLatToMercator, mercatorScale, mercatorToLonLat, toLv95 } from '../../geo/projection';
import {
  coreVillageCentre,
  createDensityField,
  oldTownCentre,
  placeCentre,
  type DensityCentre,
} from './DensityField';
import { parcelThemes } from './parcelThemes';
import { placeBuildings } from './placeBuildings';
import { municipalityLayers } from './municipalityLayers';
import { roofSolar } from './roofSolar';
import { parcelHeritage } from './parcelHeritage';
import { nameStreets, type StreetEdge } from './buildStreets';
import { interiorPoint, projectArea, vertexKey } from './municipalityLayout';
import { createLocalFrame, inLand, landInFrame, withWater } from './LocalFrame';
import { riverBands } from './riverBands';
import { createWaterDistance } from './waterDistance';
import { RIVERS } from '../catalog/rivers';
import { clipToLand } from './clipToLand';
import { dissolveRings } from './dissolveRings';
import { layOutParcels } from './layOutParcels';
import { bendAmplitude, createBendField, oldTownWeight, villageWeight } from './bendField';
import type { DatasetNoise } from './DatasetNoise';
import type { GeneratedBuilding, GeneratedMunicipality, GeneratedParcel } from '../../store/contract/parcels/DatasetWriter';
export interface MunicipalityInput {
  municipality: MunicipalityShape;
  canton: CantonInfo;
  /** Real places near the municipality (their towns shape the density). */
  places: Place[];
  /** Names of nearby municipalities, for streets like "Baarerstrasse". */
  neighbours: string[];
  /** Every municipality's local name by BFS number (the main roads are named after the places they lead to). */
  municipalityNames: ReadonlyMap<number, string>;
  zip: string;
  /** Where the canton's forest begins on the shared forest field (forestLevels). */
  forestLevel: number;
  seed: number;
  noise: DatasetNoise;
  /** Stop after about this many parcels (tiny test datasets). */
  maxParcels?: number;
  /** The lakes near the municipality: parcels along their shores get the flood hazard of a lakefront. */
  lakes?: LakeShape[];
}


/** A generated parcel with its postal locality (and quarter), the names it is searched by besides the municipality's. */
export type DemoParcel = GeneratedParcel & { locality: string };
export type DemoMunicipality = Omit<GeneratedMunicipality, 'parcels'> & { parcels: DemoParcel[] };

/** Metres a survey point keeps from a shore or bank (the generalised lake outlines are coarse). */
const FIX_POINT_SHORE_CLEARANCE_M = 25;

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
 * Where the main roads lead: the axis toward the most important place (population over distance) of a
 * neighbouring municipality, and the municipalities the two roads through the core are named after.
 */
function destinations(
  places: readonly Place[],
  bfs: number,
  core: Point,
  k: number,
  municipalityNames: ReadonlyMap<number, string>,
  neighbours: readonly string[],
): { angle: number | null; names: string[] } {
  // The neighbouring municipalities' places: a road through a village leads to the next one, not to a
  // city three valleys away.
  const nearby = new Set(neighbours);
  const away = places
    .filter((p) => p.municipalityBfs !== bfs && p.municipalityBfs !== null && nearby.has(municipalityNames.get(p.municipalityBfs) ?? ''))
    .map((p) => {
      const [x, y] = lonLatToMercator(p.lon, p.lat);
      const d = Math.hypot(x - core[0], y - core[1]) / k;
      const name = municipalityNames.get(p.municipalityBfs as number) ?? p.name;
      return { name, angle: Math.atan2(y - core[1], x - core[0]), weight: p.population / Math.max(d, 500) };
    })
    .sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name));
  if (away.length === 0) return { angle: null, names: neighbours.slice(0, 2) };
  const first = away[0];
  // The cross road: the place best across the first axis.
  const second = away
    .slice(1)
    .filter((p) => p.name !== first.name && Math.abs(Math.sin(p.angle - first.angle)) > 0.7)
    .sort((a, b) => b.weight - a.weight)[0];
  return { angle: first.angle, names: second ? [first.name, second.name] : [first.name] };
}

/**
 * One municipality's parcels, buildings and streets, from its real outline and nearby towns.
 * Deterministic: the same dataset seed and BFS number always give the same result.
 */
export function generateMunicipality(input: MunicipalityInput): DemoMunicipality {
  const { municipality: m, canton, noise } = input;
  const rng = createRng(hashSeed(input.seed, m.bfs));
  const area = projectArea(m.geometry);
  const k = mercatorScale((m.bbox[1] + m.bbox[3]) / 2);
  const core = interiorPoint(m, area, input.places, rng);
  const centres: DensityCentre[] = input.places.map((p) => placeCentre(p, k));
  centres.push(coreVillageCentre(core[0], core[1], k));
  // Historic centres: the town's densest place, where its old-town lots go.
  const oldTowns = OLD_TOWNS.filter(
    (t) => t.lon > m.bbox[0] - 0.01 && t.lon < m.bbox[2] + 0.01 && t.lat > m.bbox[1] - 0.01 && t.lat < m.bbox[3] + 0.01,
  ).map((t) => {
    const [x, y] = lonLatToMercator(t.lon, t.lat);
    return { x, y, radius: t.radius * k };
  });
  for (const t of oldTowns) centres.push(oldTownCentre(t));
  const density = createDensityField(centres);
  const towards = destinations(input.places, m.bfs, core, k, input.municipalityNames, input.neighbours);
  const frame = createLocalFrame(core, towards.angle ?? rng.range(0, Math.PI), k);
  const forest = createForestField(input.seed);
  const dryLand = landInFrame(m.geometry, frame);
  const rivers = riverBands(RIVERS, m.bbox, frame);
  const waterDistance = createWaterDistance(input.lakes ?? [], rivers, m.bbox, frame);
  const land = rivers.length > 0 ? withWater(dryLand, rivers.map((band) => band.ring)) : dryLand;
  const layout = layOutParcels({
    land,
    roadLand: dryLand,
    urbanityAt: (p) => density.at(...frame.toMercator(p)),
    villageAt: (p) => {
      const place = density.dominant(...frame.toMercator(p));
      return villageWeight(place.urbanity, place.radius / k) >= 0.5;
    },
    forestAt: (p) => forest(...frame.toMercator(p)),
    forestLevel: input.forestLevel,
    oldTownAt: (p) => {
      const [x, y] = frame.toMercator(p);
      return oldTowns.some((t) => Math.hypot(x - t.x, y - t.y) <= t.radius);
    },
    seed: hashSeed(input.seed, m.bfs, 'streets'),
    rng,
    limit: input.maxParcels ?? Infinity,
  });
  // Open land goes last (after the distinct-and-permanent rights below), so the forest never renumbers a town.
  const pending = layout.parcels.slice(0, layout.openLandFrom);
  // Old towns and villages are laid out as rectangles and then bent: curving streets, blocks of varying shape.
  const bend = createBendField(
    land,
    (p) => {
      const [x, y] = frame.toMercator(p);
      let oldTown = 0;
      for (const t of oldTowns) oldTown = Math.max(oldTown, oldTownWeight(Math.hypot(x - t.x, y - t.y), t.radius));
      const place = density.dominant(x, y);
      return bendAmplitude(villageWeight(place.urbanity, place.radius / k), oldTown);
    },
    hashSeed(input.seed, m.bfs, 'bends'),
  );

  // Distinct-and-permanent rights: ~2.5 % of the (uncut, rectangular) building-zone lots get one on top.
  const ordinaryCount = pending.length;
  for (let i = 0; i < ordinaryCount; i++) {
    const p = pending[i];
    if (!p.numbered || p.ring.length !== 4 || !rng.chance(0.025)) continue;
    const ring = insetConvex(p.ring, Math.sqrt(ringArea(p.ring)) * 0.12);
    if (ring) pending.push({ ...p, ring, typ: 'Baurecht', numbered: false, copyOf: i });
  }
  pending.push(...layout.parcels.slice(layout.openLandFrom));

  // House numbers: odd on the street's left, even on its right, rising along the street.
  const houseNumbers = new Map<number, string>();
  const byStreet = new Map<number, number[]>();
  pending.forEach((p, i) => {
    if (!p.numbered || p.street === null) return;
    const key = p.street * 2 + (p.side > 0 ? 0 : 1);
    const list = byStreet.get(key);
    if (list) list.push(i);
    else byStreet.set(key, [i]);
  });
  for (const [key, list] of byStreet) {
    list.sort((a, b) => pending[a].along - pending[b].along);
    list.forEach((index, n) => houseNumbers.set(index, String(key % 2 === 0 ? 2 * n + 1 : 2 * n + 2)));
  }
  const station = hasRailwayStation(m.bfs, m.name, canton.code, input.places);
  const streets = nameStreets(layout.streets, canton.language, towards.names, input.neighbours, station, rng);
  const streetEdges: StreetEdge[] = layout.streets.flatMap((street, index) =>
    street.pieces.flatMap((piece) => {
      const line = bend.line(piece.from, piece.to).map(frame.toMercator);
      // Offsets keep the bent pieces in street order (the line's own length is not needed).
      return line.slice(1).map((b, n) => {
        const a = line[n];
        return { a, b, ka: vertexKey(a), kb: vertexKey(b), street: index, offset: piece.along + n / line.length, forward: true };
      });
    }),
  );

  // Postal areas: each parcel in the one whose quarter or village is nearest.
  const [coreLon, coreLat] = mercatorToLonLat(core[0], core[1]);
  const postalAreas = postalAreasOf(m.bfs, m.name, input.zip, [coreLon, coreLat]).map((area) => ({
    area,
    at: lonLatToMercator(area.lon, area.lat),
    names: postalAreaNames(area),
  }));
  const postalAreaAt = (p: Point) => {
    let best = postalAreas[0];
    let bestDistance = Infinity;
    for (const candidate of postalAreas) {
      const d = (candidate.at[0] - p[0]) ** 2 + (candidate.at[1] - p[1]) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = candidate;
      }
    }
    return best;
  };

  const parcels: DemoParcel[] = [];
  const buildings: GeneratedBuilding[] = [];
  const fixTypes = Object.values(FIXED_POINT_TYPES[canton.language]);
  pending.forEach((p, index) => {
    const bent = bend.ring(p.ring);
    const ring = bent.map(frame.toMercator);
    const c = ringCentroid(ring);
    const [lon, lat] = mercatorToLonLat(c[0], c[1]);
    const lv95 = toLv95(lon, lat);
    const postal = postalAreaAt(c);
    // A parcel touching the shore is as exposed as its nearest corner (hazard maps mark the parcel).
    const shore = Math.min(waterDistance(ringCentroid(p.ring)), ...p.ring.slice(0, 24).map(waterDistance));
    const themes = parcelThemes({
      cantonCode: canton.code,
      use: p.use,
      urbanity: p.urbanity,
      x: c[0],
      y: c[1],
      waterDistance: shore,
      rng,
      noise,
    });
    const owner = p.copyOf ?? index;
    const houseNo = houseNumbers.get(owner) ?? null;
    const street = p.street === null ? null : streets[p.street];
    const fixPoints: FixedPoint[] = [];
    const centre = ringCentroid(p.ring);
    for (let f = 0, n = p.ind === 'Road' ? 0 : rng.weighted([[0, 3], [1, 5], [2, 2]]); f < n; f++) {
      const dx = rng.range(-250, 250);
      const dy = rng.range(-250, 250);
      // Survey points stand on land: one that would fall in a lake or river is drawn towards the parcel.
      const share =
        [1, 0.5, 0.25].find((t) => {
          const point: Point = [centre[0] + dx * t, centre[1] + dy * t];
          return inLand(point, land) && waterDistance(point) > FIX_POINT_SHORE_CLEARANCE_M;
        }) ?? 0;
      const at = frame.toMercator(bend.point([centre[0] + dx * share, centre[1] + dy * share]));
      const [fx, fy] = toLv95(...mercatorToLonLat(at[0], at[1]));
      fixPoints.push({
        FIX_NAM: `${m.bfs}-${rng.int(100, 9999)} - ${rng.pick(fixTypes)}`,
        FIX_DTP: Math.round(Math.hypot(dx, dy) * share),
        FIX_COO_X: Math.round(fx * 100) / 100,
        FIX_COO_Y: Math.round(fy * 100) / 100,
      });
    }
    const placed = (p.ind === 'Road' || p.typ === 'Baurecht' ? [] : placeBuildings(p.ring, p.use, rng, p.axes, themes.listing)).map(
      (b) => {
        const footprint = bend.ring(b.ring);
        return { ...b, ring: footprint.map(frame.toMercator), sur: footprint === b.ring ? b.sur : Math.max(4, Math.round(ringArea(footprint))) };
      },
    );
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
        OBJ_ZIP: postal.area.zip,
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
      sur: Math.max(1, Math.round(ringArea(bent))),
      ring,
      centroid: c,
      lon,
      lat,
      lv95,
      zip: postal.area.zip,
      locality: postal.names,
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
    blocks: new Map([...layout.blocks].map(([id, block]) => [id, { ...block, ring: bend.ring(block.ring).map(frame.toMercator) }])),
    parcels,
    parcelBlocks: pending.map((p) => p.block),
    buildings,
    streetEdges,
    streets,
    mainStreets: new Set(layout.streets.flatMap((street, index) => (street.main ? [index] : []))),
    hasStation: station,
  });
  // The rivers on the base map: their bands on the municipality's land.
  for (const band of rivers) {
    for (const piece of clipToLand(band.ring, dryLand)) {
      const polygon = dissolveRings([piece.map(frame.toMercator)])[0];
      if (polygon) {
        layers.push({
          layer: 'base-labels',
          sourceLayer: 'waterways',
          cls: 'river',
          group: null,
          label: band.name,
          geometry: { type: 'area', polygon },
        });
      }
    }
  }
  // The register lists the streets that exist on the ground (a street cut away with the outline does not).
  const registered = streets.filter((_, index) => layout.streets[index].pieces.length > 0);
  return {
    bfs: m.bfs,
    name: m.name,
    cantonCode: canton.code,
    zip: input.zip,
    parcels,
    buildings,
    streets: registered,
    centre: [clon, clat],
    layers,
  };
}
