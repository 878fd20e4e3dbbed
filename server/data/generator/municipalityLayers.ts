import type { LayerTileName } from '../../../src/contract/MapLayers';
import { FIXED_POINT_TYPES, radonClass } from '../../../src/contract/ParcelVocabulary';
import type { Language } from '../../geo/cantons';
import { type Point, type Ring, ringArea, ringCentroid } from '../../geo/ring';
import { mercatorScale } from '../../geo/projection';
import type { MainUse } from '../catalog/zoneCatalog';
import { createRng, hashSeed } from '../random';
import type { StreetEdge } from './buildStreets';
import { createPieceDissolver, dissolveRings, type PieceDissolver } from './dissolveRings';
import type { GeneratedBuilding, GeneratedParcel } from '../../store/contract/parcels/DatasetWriter';
import type { AreaPolygon, GeneratedLayerFeature } from '../../store/contract/layers/LayerFeature';

export interface LayerBlock {
  ring: Ring;
  use: MainUse;
}

export interface MunicipalityLayersInput {
  seed: number;
  bfs: number;
  name: string;
  language: Language;
  /** The municipality's main place (mercator): where its station stands. */
  core: Point;
  blocks: ReadonlyMap<number, LayerBlock>;
  parcels: readonly GeneratedParcel[];
  /** Per parcel, the block it was cut from (road parcels: a negative number of their own). */
  parcelBlocks: readonly number[];
  buildings: readonly GeneratedBuilding[];
  streetEdges: readonly StreetEdge[];
  streets: readonly string[];
  /** Streets drawn as main roads (class 'main'); the others are local streets. */
  mainStreets: ReadonlySet<number>;
  /** Whether a railway runs there: only then does the core get its station. */
  hasStation: boolean;
}

/** The parcel value each area layer shows, and what it is coloured by; null: nothing drawn there. */
const AREA_LAYERS: {
  layer: LayerTileName;
  value: (p: GeneratedParcel) => { cls: string; group: string | null } | null;
}[] = [
  { layer: 'alpha-zones', value: (p) => ({ cls: p.alphaPri, group: p.bravoPri }) },
  { layer: 'bravo-zones', value: (p) => ({ cls: p.bravoPri, group: null }) },
  { layer: 'noise', value: (p) => ({ cls: String(p.themes.OVL_NOI), group: null }) },
  {
    layer: 'contamination',
    value: (p) => {
      const value = String(p.themes.GRN_CON);
      if (value === 'none') return null;
      return { cls: value, group: value.slice(value.indexOf(': ') + 2) };
    },
  },
  { layer: 'radon', value: (p) => ({ cls: radonClass(p.grnRad), group: null }) },
  { layer: 'groundwater', value: (p) => hideNone(String(p.themes.GRN_GWU)) },
  { layer: 'floods', value: (p) => hazard(String(p.themes.HAZ_WAT)) },
  { layer: 'landslides', value: (p) => hazard(String(p.themes.HAZ_SLI)) },
];

function hideNone(value: string) {
  return value === 'none' ? null : { cls: value, group: null };
}

/** Hazard maps draw the four danger levels; 'white' (no known danger) and 'not assessed' stay blank. */
function hazard(value: string) {
  return value === 'white' || value === 'not assessed' ? null : { cls: value, group: null };
}

/** The survey's fix-point type names ("Lagefixpunkt LFP3") → their class in the vocabulary. */
const FIXED_POINT_CLASS = new Map(
  Object.values(FIXED_POINT_TYPES).flatMap((region) => Object.entries(region).map(([cls, name]) => [name, cls])),
);

const HERITAGE_FIELDS = ['PRO_BUN', 'PRO_BUC', 'PRO_OOB', 'PRO_BOO', 'PRO_ARS'] as const;

const STATION_NAME: Record<Language, (place: string) => string> = {
  de: (place) => `Bahnhof ${place}`,
  fr: (place) => `Gare de ${place}`,
  it: (place) => `Stazione di ${place}`,
};
const PARK_NAME: Record<Language, (street: string) => string> = {
  de: (street) => `Park ${street}`,
  fr: (street) => `Parc ${street}`,
  it: (street) => `Parco ${street}`,
};

/**
 * Groups area pieces by (block, class) and dissolves each group into areas without inner borders. Each
 * block's parcels are prepared for dissolving once (createPieceDissolver) for all eight layers, and a
 * group holding the whole block (a zone, a noise or radon class) is dissolved once for all layers.
 */
function areaFeatures(input: MunicipalityLayersInput): GeneratedLayerFeature[] {
  const features: GeneratedLayerFeature[] = [];
  // Each block's parcels (indices into input.parcels), in parcel order.
  const blockParcels = new Map<number, number[]>();
  input.parcels.forEach((p, i) => {
    // A distinct-and-permanent right lies on top of its parcel: the parcel already draws the area.
    if (p.typ === 'Baurecht') return;
    const list = blockParcels.get(input.parcelBlocks[i]);
    if (list) list.push(i);
    else blockParcels.set(input.parcelBlocks[i], [i]);
  });
  const dissolvers = new Map<number, { dissolver: PieceDissolver; whole: AreaPolygon[] | null }>();
  const singles = new Map<number, AreaPolygon[]>();
  const dissolve = (block: number, members: readonly number[]): AreaPolygon[] => {
    const parcels = blockParcels.get(block) as number[];
    if (members.length === 1) {
      const parcel = parcels[members[0]];
      let single = singles.get(parcel);
      if (!single) {
        single = dissolveRings([input.parcels[parcel].ring]);
        singles.set(parcel, single);
      }
      return single;
    }
    let prepared = dissolvers.get(block);
    if (!prepared) {
      prepared = { dissolver: createPieceDissolver(parcels.map((i) => input.parcels[i].ring)), whole: null };
      dissolvers.set(block, prepared);
    }
    if (members.length < parcels.length) return prepared.dissolver.dissolve(members);
    prepared.whole ??= prepared.dissolver.dissolve(members);
    return prepared.whole;
  };
  // The classes of one block on one layer, each with its members (positions in the block's parcel list):
  // a block has few classes, so arrays searched in order beat a map per block and layer.
  const classes: { cls: string; group: string | null; members: number[] }[] = [];
  for (const { layer, value } of AREA_LAYERS) {
    for (const [block, parcels] of blockParcels) {
      classes.length = 0;
      for (let member = 0; member < parcels.length; member++) {
        const v = value(input.parcels[parcels[member]]);
        if (!v) continue;
        const entry = classes.find((c) => c.cls === v.cls);
        if (entry) entry.members.push(member);
        else classes.push({ ...v, members: [member] });
      }
      for (const { cls, group, members } of classes) {
        for (const polygon of dissolve(block, members)) {
          features.push({ layer, sourceLayer: layer, cls, group, label: null, geometry: { type: 'area', polygon } });
        }
      }
    }
  }
  return features;
}

/** Protected buildings and objects, archaeological sites: a labelled point per parcel. */
function heritageFeatures(parcels: readonly GeneratedParcel[]): GeneratedLayerFeature[] {
  const features: GeneratedLayerFeature[] = [];
  for (const p of parcels) {
    if (p.typ === 'Baurecht') continue;
    const field = HERITAGE_FIELDS.find((f) => p.themes[f] !== 'none');
    if (!field) continue;
    const label = p.street ? (p.houseNo ? `${p.street} ${p.houseNo}` : p.street) : p.prcNo;
    features.push({
      layer: 'heritage',
      sourceLayer: 'heritage',
      cls: String(p.themes[field]),
      group: field,
      label,
      geometry: { type: 'point', point: p.centroid },
    });
  }
  return features;
}

/** The survey's fix points (FIX_COO in LV95 metres) placed by their offset from the parcel centroid. */
function fixPointFeatures(parcels: readonly GeneratedParcel[]): GeneratedLayerFeature[] {
  const features: GeneratedLayerFeature[] = [];
  for (const p of parcels) {
    if (p.fixPoints.length === 0) continue;
    const k = mercatorScale(p.lat);
    for (const f of p.fixPoints) {
      const [number, type = ''] = f.FIX_NAM.split(' - ');
      features.push({
        layer: 'fix-points',
        sourceLayer: 'fix-points',
        cls: FIXED_POINT_CLASS.get(type) ?? type,
        group: null,
        label: number,
        geometry: {
          type: 'point',
          point: [p.centroid[0] + (f.FIX_COO_X - p.lv95[0]) * k, p.centroid[1] + (f.FIX_COO_Y - p.lv95[1]) * k],
        },
      });
    }
  }
  return features;
}

/**
 * Underground objects: underground buildings and shelters from the building register (their footprints),
 * geothermal probes where the ground admits them beside houses, and heating-oil tanks of older buildings.
 * Probes and tanks come from their own seed, so the parcels and buildings stay as they were.
 */
function undergroundFeatures(input: MunicipalityLayersInput): GeneratedLayerFeature[] {
  const rng = createRng(hashSeed(input.seed, input.bfs, 'underground'));
  const features: GeneratedLayerFeature[] = [];
  for (const b of input.buildings) {
    if (b.OBJ_TYP === 'underground_building' || b.OBJ_TYP === 'shelter') {
      features.push({
        layer: 'underground',
        sourceLayer: 'underground',
        cls: b.OBJ_TYP,
        group: null,
        label: null,
        geometry: { type: 'area', polygon: dissolveRings([b.ring])[0] },
      });
      continue;
    }
    if (b.OBJ_TYP !== 'building') continue;
    const parcel = input.parcels[b.parcelIndex];
    const centre = ringCentroid(b.ring);
    const side = Math.sqrt(ringArea(b.ring)) * 0.5 + 3 * mercatorScale(b.lat);
    const admitted = parcel.grnTrm === 'EWS-ZUL' || parcel.grnTrm === 'EWS-AUF';
    if (admitted && (b.OBJ_JOB ?? 0) >= 1990 && rng.chance(0.35)) {
      const angle = rng.range(0, 2 * Math.PI);
      features.push({
        layer: 'underground',
        sourceLayer: 'underground',
        cls: 'geothermal_probe',
        group: null,
        label: null,
        geometry: { type: 'point', point: [centre[0] + Math.cos(angle) * side, centre[1] + Math.sin(angle) * side] },
      });
    } else if ((b.OBJ_JOB ?? 2000) < 1990 && rng.chance(0.2)) {
      features.push({
        layer: 'underground',
        sourceLayer: 'underground',
        cls: 'tank',
        group: null,
        label: null,
        geometry: { type: 'point', point: [centre[0] + side * 0.6, centre[1] - side * 0.6] },
      });
    }
  }
  return features;
}

/** Street centre lines, one line per run of connected edges of the same street, named. */
function streetFeatures(input: MunicipalityLayersInput): GeneratedLayerFeature[] {
  const byStreet = new Map<number, StreetEdge[]>();
  for (const e of input.streetEdges) {
    if (e.street < 0) continue;
    const list = byStreet.get(e.street);
    if (list) list.push(e);
    else byStreet.set(e.street, [e]);
  }
  const features: GeneratedLayerFeature[] = [];
  for (const [street, edges] of byStreet) {
    // Edges in street order, each pointing along the street; a gap starts a new line.
    const ordered = [...edges].sort((a, b) => a.offset - b.offset);
    let line: Point[] = [];
    let lastKey = '';
    const flush = () => {
      if (line.length >= 2) {
        features.push({
          layer: 'base-labels',
          sourceLayer: 'streets',
          cls: input.mainStreets.has(street) ? 'main' : 'local',
          group: null,
          label: input.streets[street] ?? null,
          geometry: { type: 'line', line },
        });
      }
      line = [];
    };
    for (const e of ordered) {
      const [from, to, fromKey, toKey] = e.forward ? [e.a, e.b, e.ka, e.kb] : [e.b, e.a, e.kb, e.ka];
      if (line.length === 0 || fromKey !== lastKey) {
        flush();
        line.push(from);
      }
      line.push(to);
      lastKey = toKey;
    }
    flush();
  }
  return features;
}

/** Green zones in town become named parks; the main place gets its station where a railway runs. */
function placeFeatures(input: MunicipalityLayersInput): GeneratedLayerFeature[] {
  const features: GeneratedLayerFeature[] = [];
  const parkBlocks = [...input.blocks.entries()].filter(([, block]) => block.use === 16);
  for (const [index, block] of parkBlocks) {
    const parcelIndex = input.parcelBlocks.indexOf(index);
    if (parcelIndex < 0) continue;
    const street = input.parcels[parcelIndex].street;
    features.push({
      layer: 'base-labels',
      sourceLayer: 'parks',
      cls: 'park',
      group: null,
      label: PARK_NAME[input.language](street ?? input.name),
      geometry: { type: 'area', polygon: dissolveRings([block.ring])[0] },
    });
  }
  if (input.hasStation && input.parcels.length > 0) {
    features.push({
      layer: 'base-labels',
      sourceLayer: 'transport',
      cls: 'station',
      group: null,
      label: STATION_NAME[input.language](input.name),
      geometry: { type: 'point', point: input.core },
    });
  }
  return features;
}

/** Every layer feature of one generated municipality. */
export function municipalityLayers(input: MunicipalityLayersInput): GeneratedLayerFeature[] {
  return [
    ...areaFeatures(input),
    ...heritageFeatures(input.parcels),
    ...fixPointFeatures(input.parcels),
    ...undergroundFeatures(input),
    ...streetFeatures(input),
    ...placeFeatures(input),
  ].filter((f) => f.geometry.type !== 'area' || f.geometry.polygon !== undefined);
}
