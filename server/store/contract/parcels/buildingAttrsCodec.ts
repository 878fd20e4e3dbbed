import type { BuildingObject } from '../../../../src/contract/Parcel';

export type StoredBuildingAttrs = Omit<
  BuildingObject,
  'OBJ_ID' | 'OBJ_TYP' | 'OBJ_PRO' | 'centroid' | 'geometry'
>;

/** Stored as a JSON array in this order (no repeated key names); OBJ_COO is derived from X/Y. */
const KEYS = [
  'OBJ_SUR',
  'OBJ_VOL',
  'OBJ_FLO',
  'OBJ_UNI',
  'OBJ_JOB',
  'OBJ_POB',
  'OBJ_MUN',
  'OBJ_ZIP',
  'OBJ_STR',
  'OBJ_STN',
  'OBJ_COO_X',
  'OBJ_COO_Y',
] as const;

export function encodeBuildingAttrs(attrs: StoredBuildingAttrs): string {
  return JSON.stringify(KEYS.map((key) => attrs[key]));
}

export function decodeBuildingAttrs(stored: string): StoredBuildingAttrs {
  const values = JSON.parse(stored) as unknown[];
  const attrs = Object.fromEntries(KEYS.map((key, i) => [key, values[i]])) as Omit<
    StoredBuildingAttrs,
    'OBJ_COO'
  >;
  return { ...attrs, OBJ_COO: `${attrs.OBJ_COO_X.toFixed(1)} / ${attrs.OBJ_COO_Y.toFixed(1)}` };
}
