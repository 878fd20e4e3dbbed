import type { DataOrigin } from '../../../../src/contract/CadastreImport';

/** A parcels row joined with its municipality and canton names. */
export interface ParcelRow {
  id: number;
  prc_id: string;
  prc_no: string;
  canton: string;
  mun_bfs: number;
  street: string | null;
  house_no: string | null;
  zip: string;
  sur: number;
  typ: 'Eigentum' | 'Baurecht';
  ind: string;
  alpha_pri: string | null;
  alpha_sec: string | null;
  alpha_ter: string | null;
  bravo_pri: string | null;
  grn_trm: string;
  grn_rad: number;
  pro_bun: number;
  obj_count: number;
  freeway: number;
  putra: number;
  /** Building-reserve estimate (BuildingReserve.ts): null outside building zones. */
  utilisation: number | null;
  reserve: number | null;
  lv95_x: number;
  lv95_y: number;
  lon: number;
  lat: number;
  geom: Uint8Array;
  /** The survey form (LV95 millimetres) of an imported parcel; null for a synthetic one. */
  geom_lv95: Uint8Array | null;
  themes: string;
  origin: DataOrigin;
  locname: string;
  canton_name: string;
  canton_names: string;
}

export interface BuildingRow {
  id: number;
  obj_id: string;
  parcel_id: number;
  typ: string;
  pro: string;
  lon: number;
  lat: number;
  attrs: string;
  geom: Uint8Array;
  /** The survey form (LV95 millimetres) of an imported footprint; null for a synthetic one. */
  geom_lv95: Uint8Array | null;
  origin: DataOrigin;
}
