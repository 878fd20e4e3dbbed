import { zoneMainUse } from './ParcelVocabulary';

/**
 * The building-reserve estimate: how much floor area the zone allows on a parcel (its area × the zone's
 * utilisation figure) and how much of it the buildings on it do not use yet. It is an ESTIMATE, not a
 * building-law assessment: the figures below are typical utilisation (Ausnützungsziffer / indice
 * d'utilisation du sol / indice di sfruttamento) for each canton's zone codes, without bonuses,
 * special-use plans, distances or the IVHB's other measures, which only the municipal building
 * regulations settle. Both sides read this file: the dataset builder and the importer store the figures
 * as search columns, the assessment and the drawer show them with their inputs.
 */

/** Typical utilisation figure (floor area ÷ parcel area) per local zone code, for the default cantons. */
// prettier-ignore
export const UTILISATION_BY_CANTON: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  // Zug: Bauordnungen of Zug, Baar, Cham (residential 1–4 storeys, mixed, core, work, public).
  ZG: {
    W1: 0.3, W2: 0.45, W3: 0.65, W4: 0.85,
    WG2: 0.55, WG3: 0.75, WA3: 0.75,
    K: 1.4, KZ: 1.2,
    A: 1.0, I: 1.0,
    OeIB: 0.8, ZöBA: 0.8,
    TZ: 0.5,
  },
  // Luzern: the overbuilt-area figures (ÜZ, PBG 2014) converted to floor area with the zone's storeys.
  LU: {
    W1: 0.3, W2: 0.5, W3: 0.7, W4: 0.9,
    WG2: 0.6, WG3: 0.8, WA3: 0.8,
    K: 1.5, KZ: 1.3,
    A: 1.1, I: 1.1,
    OeIB: 0.8, ZöBA: 0.8,
    TZ: 0.5,
  },
  // Genève: indices d'utilisation du sol of the LaLAT zones (zone 5 villas, 4 and 3 development, 2 city).
  GE: {
    'Zone 5': 0.4, ZV: 0.4, 'Zone 4': 0.8, ZHM: 0.8,
    ZM: 1.0, 'Zone 3': 1.6,
    ZC: 2.0, 'Zone 2': 2.5,
    ZI: 1.0, ZAA: 0.8,
    ZUP: 1.0, ZIP: 1.0,
    ZTL: 0.5,
  },
  // Ticino: indici di sfruttamento of the piani regolatori (R2–R4 by storeys, nuclei, commercial).
  TI: {
    RE: 0.3, R2: 0.4, R3: 0.6, R4: 0.8,
    RC: 1.0, M3: 0.9,
    NV: 1.5, NC: 1.6,
    Ind: 1.0, Art: 0.8,
    'AP-EP': 0.8,
    ZT: 0.5,
  },
};

/** Elsewhere: a figure per federal main use (cantonal practice orders of magnitude; 0 = not for buildings). */
export const UTILISATION_BY_MAIN_USE: Readonly<Record<number, number>> = {
  11: 0.6,
  12: 1.0,
  13: 0.8,
  14: 1.2,
  15: 0.8,
  16: 0,
  17: 0.5,
  18: 0,
};

/**
 * The building-reserve layer's classes: from `from` m² up to the next class, its colour and legend label
 * (`layers.legend.reserve.<id>`). Parcels outside building zones are not drawn.
 */
export const RESERVE_LAYER_CLASSES = [
  { id: 'none', from: 0, colour: '#e8e8e8' },
  { id: 'below200', from: 1, colour: '#e3f1d4' },
  { id: 'from200', from: 200, colour: '#a8d58b' },
  { id: 'from500', from: 500, colour: '#5fae4a' },
  { id: 'from1000', from: 1000, colour: '#2e7d32' },
  { id: 'from2000', from: 2000, colour: '#124f1c' },
] as const;

/** The parcel tile attribute the layer reads: the reserve in m², empty outside building zones. */
export const RESERVE_TILE_KEY = 'RESERVE';

/** What the estimate is computed from. */
export interface ReserveInput {
  canton: string;
  /** Local zone code (ALPHA_PRI), e.g. "W2", "Zone 4", "R3". */
  zone: string | null;
  /** Federal main-use code (BRAVO_PRI), used where the zone code says nothing. */
  mainUse: string | null;
  /** Parcel area, m². */
  area: number;
  /** Sum over the parcel's buildings of footprint × floors, m². */
  existingFloorArea: number;
  /** Road parcels have no reserve. */
  road?: boolean;
}

export interface ReserveEstimate {
  /** Utilisation figure used; null outside building zones. */
  utilisation: number | null;
  /** Area × utilisation, m², rounded. */
  buildableFloorArea: number | null;
  /** Buildable minus existing, never below 0, m²; null outside building zones. */
  reserve: number | null;
  /** Where the figure came from: the canton's zone table, the storeys in the zone code, or the main use. */
  basis: 'cantonZone' | 'storeys' | 'mainUse' | 'none';
}

const mainUseOf = (zone: string | null, mainUse: string | null): number | undefined =>
  (mainUse ? zoneMainUse(mainUse) : undefined) ?? (zone ? zoneMainUse(zone) : undefined);

/** The utilisation figure of a parcel's zone and where it came from. */
export function utilisationOf(
  canton: string,
  zone: string | null,
  mainUse: string | null,
): Pick<ReserveEstimate, 'utilisation' | 'basis'> {
  const use = mainUseOf(zone, mainUse);
  if (use === undefined || UTILISATION_BY_MAIN_USE[use] === undefined)
    return { utilisation: null, basis: 'none' };
  if (UTILISATION_BY_MAIN_USE[use] === 0) return { utilisation: 0, basis: 'mainUse' };
  const cantonFigure = zone ? UTILISATION_BY_CANTON[canton]?.[zone] : undefined;
  if (cantonFigure !== undefined) return { utilisation: cantonFigure, basis: 'cantonZone' };
  // Residential and mixed codes with a storey count (W2, WG3, R4): 0.25 per storey + 0.1.
  const storeys = /^(?:W|WG|WA|R|M)(\d)$/.exec(zone ?? '');
  if (storeys && (use === 11 || use === 13))
    return { utilisation: Math.round((0.25 * Number(storeys[1]) + 0.1) * 100) / 100, basis: 'storeys' };
  return { utilisation: UTILISATION_BY_MAIN_USE[use], basis: 'mainUse' };
}

/** The building-reserve estimate of one parcel (see the file's comment for what it leaves out). */
export function estimateBuildingReserve(input: ReserveInput): ReserveEstimate {
  if (input.road) return { utilisation: null, buildableFloorArea: null, reserve: null, basis: 'none' };
  const { utilisation, basis } = utilisationOf(input.canton, input.zone, input.mainUse);
  if (utilisation === null) return { utilisation, buildableFloorArea: null, reserve: null, basis };
  const buildableFloorArea = Math.round(input.area * utilisation);
  const reserve = Math.max(0, buildableFloorArea - Math.round(input.existingFloorArea));
  return { utilisation, buildableFloorArea, reserve, basis };
}
