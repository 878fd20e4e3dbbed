import { BUILDING_ZONES, NOISE_LEVEL_CODES, SECONDARY_CODES, type MainUse } from '../catalog/zoneCatalog';
import { THERMAL_CODES } from '../catalog/thermalCatalog';
import type { ProtectionLevel } from '../../../src/contract/ParcelVocabulary';
import type { Rng } from '../random';
import type { DatasetNoise } from './DatasetNoise';
import type { ParcelThemes } from '../../store/contract/parcels/DatasetWriter';
export interface ThemeInput {
  cantonCode: string;
  use: MainUse;
  urbanity: number;
  x: number;
  y: number;
  /** Metres to the nearest lake shore or river bank (Infinity: none within reach). */
  waterDistance?: number;
  rng: Rng;
  noise: DatasetNoise;
}

export interface ThemeOutput {
  grnTrm: string;
  grnRad: number;
  /**
   * The protection the site's heritage value gives its main building (null: none). The parcel's
   * PRO_BUN/PRO_BUC are then stated from the buildings actually placed (see parcelHeritage).
   */
  listing: ProtectionLevel | null;
  freeway: number;
  putra: number;
  alphaSec: string | null;
  alphaTer: string | null;
  themes: ParcelThemes;
}

/** Radon is higher in the Jura arc, Ticino, Graubünden and Valais (federal radon map). */
const RADON_BASE: Record<string, number> = { TI: 14, GR: 12, VS: 10, JU: 10, NE: 9, UR: 7, BE: 5 };
const KARST = new Set(['JU', 'NE', 'SO', 'BL', 'SZ']);

type Level = 'red' | 'blue' | 'yellow' | 'yellow-white' | 'white' | 'not assessed';

function hazardLevel(value: number, assessed: boolean, redAbove: number): Level {
  if (!assessed) return 'not assessed';
  if (value > redAbove) return 'red';
  if (value > redAbove - 0.07) return 'blue';
  if (value > redAbove - 0.18) return 'yellow';
  if (value > redAbove - 0.26) return 'yellow-white';
  return 'white';
}

function noiseLevel(use: MainUse): string {
  if (use === 12) return NOISE_LEVEL_CODES[3];
  if (use === 13 || use === 14 || use === 18) return NOISE_LEVEL_CODES[2];
  if (use === 31) return NOISE_LEVEL_CODES[0];
  return NOISE_LEVEL_CODES[1];
}

function contamination(use: MainUse, rng: Rng): string {
  // About 10 % of work-zone parcels are registered sites; elsewhere they are rare.
  if (!rng.chance(use === 12 ? 0.1 : use === 13 ? 0.02 : 0.003)) return 'none';
  const site = rng.pick(['business site', 'landfill', 'accident site']);
  const status = rng.weighted([
    ['no harmful effects expected', 70],
    ['investigation needed', 15],
    ['monitoring needed', 10],
    ['remediation needed', 5],
  ] as const);
  return `${site}: ${status}`;
}

function groundwaterZone(value: number): string {
  if (value > 0.93) return 'S1';
  if (value > 0.88) return 'S2';
  if (value > 0.8) return 'S3';
  if (value > 0.6) return 'Au';
  return 'none';
}

const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');

/** The ground, hazard, heritage, environment and overlay fields of one parcel. */
/**
 * Flood exposure beside a lake or river: red on the shore, blue within about 100 m, yellow to 200 m,
 * residual to 300 m (as the cantonal hazard maps draw lakefronts), a little uneven along the shore.
 */
export function shoreFlood(waterDistance: number, unevenness: number): number {
  if (!Number.isFinite(waterDistance)) return 0;
  return (0.99 - (waterDistance / 400) * 0.35) * (0.95 + 0.05 * unevenness);
}

export function parcelThemes({ cantonCode, use, urbanity, x, y, waterDistance = Infinity, rng, noise }: ThemeInput): ThemeOutput {
  const building = BUILDING_ZONES.has(use);
  const mountains = urbanity < 0.04;
  // The random draws below follow the noise alone, so a shore leaves every later draw of the parcel as it was.
  const noiseFlood = noise.flood(x, y);
  const flood = Math.max(noiseFlood, shoreFlood(waterDistance, noiseFlood));
  const gw = noise.groundwater(x, y);
  const radonBase = RADON_BASE[cantonCode] ?? 3;
  const grnRad = Math.max(0, Math.min(60, Math.round(radonBase * (0.15 + 1.7 * noise.radonCell(x, y)) + rng.range(-1, 1))));
  const heritage = noise.heritage(x, y) * (use === 14 ? 1.25 : 1);
  const listing: ProtectionLevel | null =
    building && heritage > 0.97 ? 'national' : building && heritage > 0.9 ? 'cantonal' : null;
  const gwZone = groundwaterZone(gw);
  const thermal =
    gwZone === 'S1' || gwZone === 'S2' ? 3 : gwZone === 'S3' ? 2 : gw > 0.55 ? 1 : noise.soil(x, y) > 0.85 ? 2 : 0;
  const freeway = Math.round(60 + Math.pow(noise.freeway(x, y), 2) * 15000 + rng.range(0, 80));
  const putra = Math.round(30 + Math.pow(1 - urbanity, 2) * 2500 + rng.range(0, 150));
  const forestNear = use === 43 || (!building && rng.chance(0.2)) || rng.chance(0.04);
  const themes: ParcelThemes = {
    OVL_COL: building ? `${rng.pick([3, 4, 5, 6])} m` : 'none',
    OVL_CSL: freeway < 2500 && rng.chance(0.3) ? '10 m' : 'none',
    OVL_NSL: freeway < 400 ? '25 m' : 'none',
    OVL_FOL: forestNear ? '30 m' : 'none',
    OVL_NOI: noiseLevel(use),
    OVL_WAL: noiseFlood > 0.85 ? `${rng.pick([11, 15, 20])} m` : flood > 0.85 ? '15 m' : 'none',
    OVL_WAA: flood > 0.9 ? 'yes' : 'no',
    GRN_SOI: noise.soil(x, y) > 0.8 ? 'unstable ground' : noise.soil(x, y) > 0.6 ? 'fill material' : 'stable ground',
    GRN_GWU: gwZone,
    GRN_CON: contamination(use, rng),
    GRN_INF: gw > 0.8 ? 'not permitted' : gw > 0.55 ? 'permitted with conditions' : 'permitted',
    HAZ_FAL: hazardLevel(noise.rock(x, y) * (mountains ? 1.05 : 0.9), building, 0.95),
    HAZ_LAV: hazardLevel(noise.slide(y, x) * (mountains || cantonCode === 'TI' ? 1 : 0.8), building, 0.96),
    HAZ_SLI: hazardLevel(noise.slide(x, y) * (urbanity > 0.5 ? 0.85 : 1), building, 0.94),
    // Red flood stays at a few percent of parcels, along the flood bands.
    HAZ_WAT: hazardLevel(flood, building, 0.95),
    HAZ_DOL: hazardLevel(noise.soil(y, x) * (KARST.has(cantonCode) ? 1 : 0.75), building, 0.97),
    // Stated from the parcel's buildings once they are placed (parcelHeritage).
    PRO_BUN: 'none',
    PRO_BUC: 'none',
    PRO_OOB: heritage > 0.94 && rng.chance(0.5) ? 'protected object' : 'none',
    PRO_BOO: !building && rng.chance(0.03) ? 'protected tree' : 'none',
    PRO_ARS: heritage < 0.04 ? 'archaeological site' : 'none',
    PRO_ARP: heritage < 0.1 ? 'archaeological area' : 'none',
    ENV_WAT: yesNo(flood > 0.7),
    ENV_GWA: yesNo(gwZone !== 'none'),
    ENV_FOR: yesNo(forestNear),
    ENV_RES: yesNo(use === 31 || (!building && rng.chance(0.05))),
    ENV_WAP: yesNo(gwZone === 'S1' || gwZone === 'S2' || gwZone === 'S3'),
    EVN_ELE: yesNo(rng.chance(building ? 0.02 : 0.06)),
    EVN_TRA: yesNo(putra < 300 && rng.chance(0.3)),
    EVN_AIR: yesNo(['ZH', 'GE', 'BS', 'TI', 'BE'].includes(cantonCode) && noise.freeway(y, x) > 0.92),
  };
  const overlay = heritage > 0.9 ? 0 : noiseFlood > 0.9 ? 2 : building && rng.chance(0.08) ? 3 : !building && rng.chance(0.05) ? 1 : -1;
  return {
    grnTrm: THERMAL_CODES[thermal].code,
    grnRad,
    listing,
    freeway,
    putra,
    alphaSec: overlay >= 0 ? SECONDARY_CODES[overlay] : null,
    alphaTer: building ? noiseLevel(use) : null,
    themes,
  };
}
