import type { Parcel } from '../../../../src/contract/Parcel';
import type { ListStatus } from '../../../../src/contract/ParcelLists';
import { toLv95 } from '../../../geo/projection';
import type { PolygonRings } from '../../../geo/wkb';
import { parcelProperties } from '../../ogc/featureItems';

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
 * The table an export writes: the list's columns, then every flat attribute any of the parcels has (as the
 * OGC API gives them: lists joined), in the order first met. A column is a number column when every value
 * it has is a number.
 */
export interface ListExportTable {
  columns: ExportColumn[];
  rows: { values: ExportValue[]; row: ListExportRow }[];
}

export function listExportTable(rows: readonly ListExportRow[]): ListExportTable {
  const properties = rows.map((row) => parcelProperties(row.parcel));
  const parcelColumns = new Map<string, ExportColumn>();
  for (const record of properties)
    for (const [name, value] of Object.entries(record)) {
      if (value === null) continue;
      const column = parcelColumns.get(name) ?? { name, type: 'number' };
      if (typeof value !== 'number') column.type = 'text';
      parcelColumns.set(name, column);
    }
  const columns = [...LIST_COLUMNS, ...parcelColumns.values()];
  return {
    columns,
    rows: rows.map((row, index) => {
      const own: ExportValue[] = [
        row.statusLabel,
        row.status,
        row.assignee,
        row.addedBy,
        row.addedAt,
        row.notes,
      ];
      const record = properties[index];
      const attributes = [...parcelColumns.values()].map(({ name, type }) => {
        const value = record[name];
        if (value === undefined || value === null) return null;
        return type === 'number' ? Number(value) : String(value);
      });
      return { values: [...own, ...attributes], row };
    }),
  };
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
