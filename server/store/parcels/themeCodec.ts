import type { FixedPoint } from '../../../src/contract/Parcel';
import { THEME_FIELDS, THEME_VOCABULARY } from '../../data/catalog/themeVocabulary';
import type { ParcelThemes } from '../../data/generator/GeneratedMunicipality';

const FIRST = 48; // '0': indexes become printable characters

/** Thematic fields → one character each, plus the fixed points as short arrays: ~60 bytes a parcel. */
export function encodeThemes(themes: ParcelThemes, fixPoints: readonly FixedPoint[]): string {
  let codes = '';
  for (const field of THEME_FIELDS) {
    const index = THEME_VOCABULARY[field].indexOf(String(themes[field]));
    if (index < 0) throw new Error(`${field} value "${themes[field]}" is not in the theme vocabulary`);
    codes += String.fromCharCode(FIRST + index);
  }
  return JSON.stringify([codes, fixPoints.map((f) => [f.FIX_NAM, f.FIX_DTP, f.FIX_COO_X, f.FIX_COO_Y])]);
}

export function decodeThemes(stored: string): { themes: Record<string, string>; fixPoints: FixedPoint[] } {
  const [codes, fix] = JSON.parse(stored) as [string, [string, number, number, number][]];
  const themes: Record<string, string> = {};
  THEME_FIELDS.forEach((field, i) => {
    themes[field] = THEME_VOCABULARY[field][codes.charCodeAt(i) - FIRST];
  });
  return {
    themes,
    fixPoints: fix.map(([FIX_NAM, FIX_DTP, FIX_COO_X, FIX_COO_Y]) => ({
      FIX_NAM,
      FIX_DTP,
      FIX_COO_X,
      FIX_COO_Y,
    })),
  };
}
