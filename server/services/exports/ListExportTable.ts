import type { Parcel } from '../../../src/contract/Parcel';
import type { ListStatus } from '../../../src/contract/ParcelLists';
import { toLv95 } from '../../geo/projection';
import type { PolygonRings } from '../../geo/wkb';
import { parcelProperties } from '../ogc/featureItems';

/** One parcel of a list as every export format writes it. */
export interface ListExportRow {
  parcel: Parcel;
  status: ListStatus;
  /** The status as the list's site names it (or its translated default name). */
  statusLabel: string;
  assignee: string;
  addedBy: string;
  /** ISO date-time. */
  addedAt: string;
  notes: number;
}

export type ExportValue = string | number | null;

export interface ExportColumn {
  name: string;
  type: 'text' | 'number';
}

/** The list's own columns, first in every format; the parcel's attributes follow. */
const LIST_COLUMNS: ExportColumn[] = [
  { name: 'LIST_STATUS', type: 'text' },
  { name: 'LIST_STATUS_KEY', type: 'text' },
  { name: 'ASSIGNEE', type: 'text' },
  { name: 'ADDED_BY', type: 'text' },
  { name: 'ADDED_AT', type: 'text' },
  { name: 'NOTES', type: 'number' },
];

/**
 * The table an export writes: its leading columns (a list's own), then every flat attribute any of the
 * parcels has (as the OGC API gives them: lists joined), in the order first met. A column is a number
 * column when every value it has is a number.
 */
export interface ExportTable {
  columns: ExportColumn[];
  rows: ExportTableRow[];
}

export interface ExportTableRow {
  values: ExportValue[];
  parcel: Parcel;
}

function exportTable(
  parcels: readonly Parcel[],
  leading: { columns: ExportColumn[]; values: (index: number) => ExportValue[] } = {
    columns: [],
    values: () => [],
  },
): ExportTable {
  const properties = parcels.map((parcel) => parcelProperties(parcel));
  const parcelColumns = new Map<string, ExportColumn>();
  for (const record of properties)
    for (const [name, value] of Object.entries(record)) {
      if (value === null) continue;
      const column = parcelColumns.get(name) ?? { name, type: 'number' };
      if (typeof value !== 'number') column.type = 'text';
      parcelColumns.set(name, column);
    }
  return {
    columns: [...leading.columns, ...parcelColumns.values()],
    rows: parcels.map((parcel, index) => {
      const record = properties[index];
      const attributes = [...parcelColumns.values()].map(({ name, type }) => {
        const value = record[name];
        if (value === undefined || value === null) return null;
        return type === 'number' ? Number(value) : String(value);
      });
      return { values: [...leading.values(index), ...attributes], parcel };
    }),
  };
}

/** A list's export: its status, assignee, who added each parcel and when, and its notes count first. */
export function listExportTable(rows: readonly ListExportRow[]): ExportTable {
  return exportTable(
    rows.map((row) => row.parcel),
    {
      columns: LIST_COLUMNS,
      values: (index) => {
        const row = rows[index];
        return [row.statusLabel, row.status, row.assignee, row.addedBy, row.addedAt, row.notes];
      },
    },
  );
}

/** A search result's export: the parcels' attributes only. */
export function searchExportTable(parcels: readonly Parcel[]): ExportTable {
  return exportTable(parcels);
}

const polygonsOf = (geometry: NonNullable<Parcel['geometry']>): number[][][][] =>
  (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as number[][][][];

/**
 * The parcel's outline as polygons in LV95 (EPSG:2056) metres: the survey's millimetre form where the
 * parcel has one, else its WGS84 outline projected.
 */
export function lv95Polygons(parcel: Parcel): PolygonRings[] {
  if (parcel.geometryLv95) return polygonsOf(parcel.geometryLv95);
  if (!parcel.geometry) return [];
  return polygonsOf(parcel.geometry).map((rings) =>
    rings.map((ring) => ring.map(([lon, lat]) => toLv95(lon, lat))),
  );
}

/** The parcel's outline as polygons in WGS84 degrees (GeoJSON, RFC 7946). */
export function wgs84Polygons(parcel: Parcel): PolygonRings[] {
  return parcel.geometry ? polygonsOf(parcel.geometry) : [];
}
