import type { Parcel } from '../../contract/Parcel';

/** A field of the detail drawer: its key (label id `parcel.field.<key>`) and how its value is shown. */
export interface ParcelField {
  key: keyof Parcel;
  unit?: 'm²';
}

export interface ParcelSection {
  id: 'zoning' | 'ground' | 'hazards' | 'heritage' | 'environment';
  fields: ParcelField[];
}

/** The thematic sections of spec §3 in the register's order (basic data, fixed points and buildings have their own). */
export const PARCEL_SECTIONS: ParcelSection[] = [
  {
    id: 'zoning',
    fields: [
      'ALPHA_PRIS',
      'ALPHA_SECS',
      'ALPHA_TERS',
      'BRAVO_PRIS',
      'BRAVO_SECS',
      'BRAVO_TERS',
      'OVL_COL',
      'OVL_CSL',
      'OVL_NSL',
      'OVL_FOL',
      'OVL_NOI',
      'OVL_WAL',
      'OVL_WAA',
    ].map((key) => ({ key: key as keyof Parcel })),
  },
  {
    id: 'ground',
    fields: ['GRN_SOI', 'GRN_TRM', 'GRN_GWU', 'GRN_RAD', 'GRN_CON', 'GRN_INF'].map((key) => ({
      key: key as keyof Parcel,
    })),
  },
  {
    id: 'hazards',
    fields: ['HAZ_FAL', 'HAZ_LAV', 'HAZ_SLI', 'HAZ_WAT', 'HAZ_DOL'].map((key) => ({
      key: key as keyof Parcel,
    })),
  },
  {
    id: 'heritage',
    fields: ['PRO_BUN', 'PRO_BUC', 'PRO_OOB', 'PRO_BOO', 'PRO_ARS', 'PRO_ARP'].map((key) => ({
      key: key as keyof Parcel,
    })),
  },
  {
    id: 'environment',
    fields: ['ENV_WAT', 'ENV_GWA', 'ENV_FOR', 'ENV_RES', 'ENV_WAP', 'EVN_ELE', 'EVN_TRA', 'EVN_AIR'].map(
      (key) => ({
        key: key as keyof Parcel,
      }),
    ),
  },
];
