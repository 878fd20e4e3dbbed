import type { FixedPoint } from '../../../../src/contract/Parcel';
import type { ParcelThemes } from './DatasetWriter';
/**
 * Every value a thematic parcel field can take, in a fixed order: the store keeps one character per
 * field (its index here) instead of ~600 bytes of JSON per parcel.
 */
const HAZARD = ['white', 'yellow-white', 'yellow', 'blue', 'red', 'not assessed'];
const YES_NO = ['no', 'yes'];
const SITES = ['business site', 'landfill', 'accident site'];
const STATUSES = [
  'no harmful effects expected',
  'investigation needed',
  'monitoring needed',
  'remediation needed',
];

export const THEME_VOCABULARY: Readonly<Record<string, readonly string[]>> = {
  OVL_COL: ['none', '3 m', '4 m', '5 m', '6 m'],
  OVL_CSL: ['none', '10 m'],
  OVL_NSL: ['none', '25 m'],
  OVL_FOL: ['none', '30 m'],
  OVL_NOI: ['ES I', 'ES II', 'ES III', 'ES IV'],
  OVL_WAL: ['none', '11 m', '15 m', '20 m'],
  OVL_WAA: YES_NO,
  GRN_SOI: ['stable ground', 'fill material', 'unstable ground'],
  GRN_GWU: ['none', 'Au', 'S3', 'S2', 'S1'],
  GRN_CON: ['none', ...SITES.flatMap((site) => STATUSES.map((status) => `${site}: ${status}`))],
  GRN_INF: ['permitted', 'permitted with conditions', 'not permitted'],
  HAZ_FAL: HAZARD,
  HAZ_LAV: HAZARD,
  HAZ_SLI: HAZARD,
  HAZ_WAT: HAZARD,
  HAZ_DOL: HAZARD,
  PRO_BUN: ['none', 'KGS A object'],
  PRO_BUC: ['none', 'cantonal protection'],
  PRO_OOB: ['none', 'protected object'],
  PRO_BOO: ['none', 'protected tree'],
  PRO_ARS: ['none', 'archaeological site'],
  PRO_ARP: ['none', 'archaeological area'],
  ENV_WAT: YES_NO,
  ENV_GWA: YES_NO,
  ENV_FOR: YES_NO,
  ENV_RES: YES_NO,
  ENV_WAP: YES_NO,
  EVN_ELE: YES_NO,
  EVN_TRA: YES_NO,
  EVN_AIR: YES_NO,
};

export const THEME_FIELDS = Object.keys(THEME_VOCABULARY);

const FIRST = 48; // '0': indexes become printable characters

/** Per field, each value's character (the dataset builder encodes millions of parcels). */
const THEME_CODES = THEME_FIELDS.map(
  (field) =>
    new Map(THEME_VOCABULARY[field].map((value, index) => [value, String.fromCharCode(FIRST + index)])),
);

/** Thematic fields → one character each, plus the fixed points as short arrays: ~60 bytes a parcel. */
export function encodeThemes(themes: ParcelThemes, fixPoints: readonly FixedPoint[]): string {
  let codes = '';
  for (let f = 0; f < THEME_FIELDS.length; f++) {
    const field = THEME_FIELDS[f];
    const code = THEME_CODES[f].get(String(themes[field]));
    if (code === undefined)
      throw new Error(`${field} value "${themes[field]}" is not in the theme vocabulary`);
    codes += code;
  }
  return JSON.stringify([codes, fixPoints.map((f) => [f.FIX_NAM, f.FIX_DTP, f.FIX_COO_X, f.FIX_COO_Y])]);
}

const THEME_VALUES = THEME_FIELDS.map((field) => THEME_VOCABULARY[field]);

/** Per field, per code (index), the field as JSON object members in UTF-8: `,"OVL_COL":"3 m"`. */
const THEME_MEMBERS = THEME_FIELDS.map((field, i) =>
  THEME_VALUES[i].map((value) => Buffer.from(`,${JSON.stringify(field)}:${JSON.stringify(value)}`)),
);

/**
 * Per thematic field, per code, the field as a JSON object member (led by a comma) in UTF-8, for the OGC
 * page writer, which copies bytes: a stored value's character `THEME_CODES_AT + field` is the code (its
 * JSON's first string holds the codes, whose characters ('0'…) JSON never escapes; the fixed points after
 * them need not be read); a code outside the vocabulary leaves its field out.
 */
export function themeMembersUtf8(): readonly (readonly (Uint8Array | undefined)[])[] {
  // Indexed by the code itself; the codes below FIRST have no member.
  return THEME_MEMBERS.map((members) => [...new Array<undefined>(FIRST), ...members]);
}

/** Where a stored value's codes begin (after `["`). */
export const THEME_CODES_AT = 2;

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
