import { type Point, type Ring, ringArea } from '../../geo/ring';
import { BUILDING_ZONES, type MainUse } from '../catalog/zoneCatalog';
import { createRng, hashSeed, type Rng } from '../random';
import { clipToLand } from './clipToLand';
import { cutLots, type Lot } from './cutLots';
import { localStreets } from './localStreets';
import { type Land, inLand } from './LocalFrame';
import type { PendingParcel } from './municipalityLayout';
import { openLandParcels } from './openLandParcels';
import { buildStreetGrid, type GridRoad, rectRing } from './streetGrid';
import { chooseBuildingZone, chooseOpenLandUse, VILLAGE_URBANITY } from './zonePlan';
import { villageLots } from './villageLots';

/** A street of the layout: its key, whether it is a main road, and the centre-line pieces left on land. */
export interface LaidStreet {
  key: string;
  main: boolean;
  /** Least distance of its line from the core (m): the namer gives central streets the classic names. */
  distance: number;
  /** Centre-line pieces (frame metres) in the street's direction, with their start along the street. */
  pieces: { from: Point; to: Point; along: number }[];
}

export interface Layout {
  /** The towns' parcels and the roads first, then the fields and forests of open land. */
  parcels: PendingParcel[];
  /** Where open land begins in `parcels`: what comes before keeps its place whatever the forest. */
  openLandFrom: number;
  streets: LaidStreet[];
  /** Blocks and open-land superblocks (frame metres) by id, for the area layers and park labels. */
  blocks: Map<number, { ring: Ring; use: MainUse }>;
}

export interface LayoutInput {
  /** Where parcels may lie: the municipality's land less its river bands. */
  land: Land;
  /** Where the main roads may run: the land with the rivers, which they cross on bridges. */
  roadLand: Land;
  urbanityAt: (p: Point) => number;
  forestAt: (p: Point) => number;
  /** The canton's level on the forest field above which open land is forest. */
  forestLevel: number;
  /** Whether a point belongs to a village (a small place's settled land). */
  villageAt: (p: Point) => boolean;
  /** Whether a point lies in a historic town centre (old-town zone, whatever the density says). */
  oldTownAt: (p: Point) => boolean;
  seed: number;
  rng: Rng;
  /** Stop after about this many parcels (tiny test datasets get the densest places first). */
  limit: number;
}

/**
 * Whether a clipped lot still lies on its street: an edge of it along the street line, with the road
 * beside that edge's middle on land too (else the road piece there was cut away with the outline).
 */
function frontsStreet(ring: Ring, lot: Lot, land: Land): boolean {
  const t = (p: Point) => (p[0] - lot.origin[0]) * lot.inward[0] + (p[1] - lot.origin[1]) * lot.inward[1];
  return ring.some((p, i) => {
    const q = ring[(i + 1) % ring.length];
    if (Math.abs(t(p)) > 0.01 || Math.abs(t(q)) > 0.01 || Math.hypot(q[0] - p[0], q[1] - p[1]) < 2) return false;
    const road: Point = [(p[0] + q[0]) / 2 - lot.inward[0] * 1.5, (p[1] + q[1]) / 2 - lot.inward[1] * 1.5];
    return inLand(road, land);
  });
}

/** A parcel of open land (no street frontage, no house number). */
function openLandParcel(ring: Ring, use: MainUse, urbanity: number): Omit<PendingParcel, 'block'> {
  return { ring, use, urbanity, typ: 'Eigentum', ind: 'Standard', street: null, along: 0, side: 0, numbered: false, copyOf: null, axes: null };
}

/**
 * The municipality's parcels, streets first: the main-road grid, local streets in each settled superblock
 * (denser in the centre), lots along each block's frontage, fields and forest on open land; everything
 * clipped to the municipality's land (its outline excludes the lakes). Densest superblocks first.
 */
export function layOutParcels({ land, roadLand, urbanityAt, villageAt, forestAt, forestLevel, oldTownAt, seed, rng, limit }: LayoutInput): Layout {
  const grid = buildStreetGrid(land, urbanityAt, villageAt, rng);
  // Open land draws from its own stream: tuning the forest never reshuffles the towns' buildings and names.
  const openLandRng = createRng(hashSeed(seed, 'open land'));
  const parcels: PendingParcel[] = [];
  const openLand: PendingParcel[] = [];
  const blocks = new Map<number, { ring: Ring; use: MainUse }>();
  const streets: LaidStreet[] = [];
  const streetIndex = new Map<string, number>();
  const streetOf = (key: string, line: number) => {
    let index = streetIndex.get(key);
    if (index === undefined) {
      index = streets.length;
      streetIndex.set(key, index);
      const main = key.startsWith('H:') || key.startsWith('V:');
      streets.push({ key, main, distance: Infinity, pieces: [] });
    }
    const street = streets[index];
    street.distance = Math.min(street.distance, Math.abs(line) + (key.startsWith('V:') ? 0.5 : 0));
    return index;
  };
  const jitter = (key: string) => ((hashSeed(seed, key) % 1000) / 1000 - 0.5) * 0.1;

  const addRoad = (road: GridRoad, clip: boolean) => {
    const bridges = road.street.startsWith('H:') || road.street.startsWith('V:');
    const pieces = clip ? clipToLand(road.ring, bridges ? roadLand : land) : [road.ring];
    if (pieces.length === 0) return;
    const along = road.horizontal ? 0 : 1;
    const street = streetOf(road.street, road.from[1 - along]);
    for (const ring of pieces) {
      // The centre line where the road is on land: the whole line (to the junction centres) when uncut.
      let from = road.from;
      let to = road.to;
      if (ring !== road.ring) {
        const lo = Math.max(road.from[along], Math.min(...ring.map((p) => p[along])));
        const hi = Math.min(road.to[along], Math.max(...ring.map((p) => p[along])));
        from = along === 0 ? [lo, road.from[1]] : [road.from[0], lo];
        to = along === 0 ? [hi, road.from[1]] : [road.from[0], hi];
      }
      if (to[along] - from[along] > 1) streets[street].pieces.push({ from, to, along: from[along] });
      parcels.push({
        ring,
        use: 18,
        urbanity: 0,
        typ: 'Eigentum',
        ind: 'Road',
        street,
        along: 0,
        side: 0,
        numbered: false,
        copyOf: null,
        axes: null,
        block: -1 - parcels.length,
      });
    }
  };

  const mainRoads = new Map<number, GridRoad[]>();
  for (const road of grid.roads) {
    const list = mainRoads.get(road.superblock);
    if (list) list.push(road);
    else mainRoads.set(road.superblock, [road]);
  }
  const order = grid.superblocks.filter((s) => s.cover !== 'outside').sort((a, b) => b.urbanity - a.urbanity || a.index - b.index);
  for (const s of order) {
    if (parcels.length + openLand.length >= limit) break;
    for (const road of mainRoads.get(s.index) ?? []) addRoad(road, true);
    const clip = s.cover === 'partial';
    if (s.settled) {
      const use = oldTownAt(s.centre) ? 14 : chooseBuildingZone(s.urbanity, rng);
      // Villages (and the thin edges of towns) have their houses along the roads, not on local streets.
      // (A village superblock may lack roads on some sides, so it has no blocks for local streets.)
      const alongRoads = (use === 11 && s.urbanity < VILLAGE_URBANITY) || s.village;
      const village = alongRoads ? villageLots(s, use, rng) : null;
      const local = village ? null : localStreets(s, use, jitter, rng);
      for (const road of local?.roads ?? []) addRoad(road, clip);
      if (village?.field) {
        const fieldId = blocks.size;
        blocks.set(fieldId, { ring: village.field, use: 21 });
        for (const ring of clip ? clipToLand(village.field, land) : [village.field]) parcels.push({ ...openLandParcel(ring, 21, s.urbanity), block: fieldId });
      }
      const groups = village
        ? [{ ring: rectRing(s.interiorBox), lots: village.lots }]
        : (local?.blocks ?? []).map((block) => ({ ring: rectRing(block.box), lots: cutLots(block, use, rng) }));
      for (const group of groups) {
        const blockId = blocks.size;
        blocks.set(blockId, { ring: group.ring, use });
        for (const lot of group.lots) {
          const pieces = clip ? clipToLand(lot.ring, land).sort((a, b) => ringArea(b) - ringArea(a)) : [lot.ring];
          if (pieces.length === 0) continue;
          const ring = pieces.find((r) => frontsStreet(r, lot, land));
          if (!ring) {
            // Its street ran into the lake or out of the municipality: the shore strip left is a
            // protection zone (waters), not a building lot.
            parcels.push({ ...openLandParcel(pieces[0], 31, s.urbanity), block: blockId });
            continue;
          }
          parcels.push({
            ring,
            use,
            urbanity: s.urbanity,
            typ: 'Eigentum',
            ind: 'Standard',
            street: streetOf(lot.street, lot.street.startsWith('lh') || lot.street.startsWith('H') ? lot.origin[1] : lot.origin[0]),
            along: lot.along,
            side: lot.side,
            numbered: BUILDING_ZONES.has(use),
            copyOf: null,
            axes: { origin: lot.origin, dir: lot.dir, inward: lot.inward, frontage: lot.frontage, depth: lot.depth },
            block: blockId,
          });
        }
      }
    } else if (s.interior) {
      const use = chooseOpenLandUse(forestAt(s.centre), forestLevel, s.urbanity, openLandRng);
      const blockId = blocks.size;
      blocks.set(blockId, { ring: s.interior, use });
      for (const field of openLandParcels(s.interior, use, openLandRng)) {
        for (const ring of clip ? clipToLand(field, land) : [field]) openLand.push({ ...openLandParcel(ring, use, s.urbanity), block: blockId });
      }
    }
  }
  // A street whose road pieces were all cut away with the outline has no line to be numbered along.
  for (const p of parcels) {
    if (p.ind === 'Standard' && p.street !== null && streets[p.street].pieces.length === 0) {
      p.street = null;
      p.numbered = false;
    }
  }
  return { parcels: [...parcels, ...openLand], openLandFrom: parcels.length, streets, blocks };
}
