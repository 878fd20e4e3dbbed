import type { Language } from '../../geo/cantons';
import type { LabelledCode } from '../../store/contract/parcels/DatasetWriter';
import {
  LOCAL_ZONE_CODES,
  MAIN_USES,
  NOISE_LEVELS,
  OVERLAY_ZONE_CODES,
  type MainUse,
} from '../../../src/contract/ParcelVocabulary';
import { labelledCode } from './vocabularyLabels';

/** Federal main-use codes (Hauptnutzung) the generator assigns to blocks. */
export type { MainUse };

export const BUILDING_ZONES: ReadonlySet<MainUse> = new Set([11, 12, 13, 14, 15, 16, 17, 18]);

/** Zone code for a main use in a language region; `variant` picks among the local codes. */
export function localZoneCode(language: Language, use: MainUse, variant: number): string {
  const codes = LOCAL_ZONE_CODES[language][use];
  return codes[variant % codes.length];
}

export interface AlphaCatalog {
  primary: LabelledCode[];
  secondary: LabelledCode[];
  tertiary: LabelledCode[];
}

/** Every zone code of a canton, as the alpha lookups return them, labelled from the parcel vocabulary. */
export function alphaCatalog(language: Language): AlphaCatalog {
  return {
    primary: MAIN_USES.flatMap((use) => LOCAL_ZONE_CODES[language][use].map((code) => labelledCode('ALPHA_PRIS', code))),
    secondary: OVERLAY_ZONE_CODES.map((code) => labelledCode('ALPHA_SECS', code)),
    tertiary: NOISE_LEVELS.map((code) => labelledCode('ALPHA_TERS', code)),
  };
}

/** Harmonised federal main-use code (the BRAVO fields). */
export function mainUseCode(use: MainUse): string {
  return String(use);
}

export const SECONDARY_CODES: readonly string[] = OVERLAY_ZONE_CODES;
export const NOISE_LEVEL_CODES: readonly string[] = NOISE_LEVELS;
