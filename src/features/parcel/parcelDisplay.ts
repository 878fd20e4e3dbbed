import type { Parcel } from '../../contract/Parcel';
import { formatNumber } from '../../lib/format/numbers';

/** How a parcel's details are shown: the drawer, its sections and how values read. */

/** Width of the parcel detail drawer, px: room for the bordered tables next to the map. */
export const DRAWER_WIDTH = 440;

/** Radon probability (%) above which the detail shows a warning (spec §9). */
export const RADON_WARNING_ABOVE = 10;

/** A thematic value as text: lists joined, empty shown as a dash. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '–';
  return String(value);
}

/** A measure with 2 decimals in en-US (spec §9) and its unit: "1,234.00 m²"; a dash when missing. */
export function formatMeasure(value: number | null | undefined, unit?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);
}

/**
 * FIX_NAM carries "name - type" (spec §3). Names may themselves hold hyphens ("Baar-Nord - LFP3"), so
 * the split is at the last spaced hyphen, else at the last hyphen.
 */
export function fixedPointParts(value: string): { name: string; type: string } {
  const spaced = value.lastIndexOf(' - ');
  const at = spaced !== -1 ? spaced : value.lastIndexOf('-');
  if (at === -1) return { name: value.trim(), type: '' };
  const width = spaced !== -1 ? 3 : 1;
  return { name: value.slice(0, at).trim(), type: value.slice(at + width).trim() };
}

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
