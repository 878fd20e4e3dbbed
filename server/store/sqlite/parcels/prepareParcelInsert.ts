import type { Database } from 'better-sqlite3';
import { ringsBox } from '../../../geo/ring';
import { encodeParts } from '../../contract/parcels/geometryCodec';
import { encodeSurveyGeometry } from '../../contract/parcels/surveyGeometryCodec';
import {
  type ParcelBox,
  type ParcelColumnValues,
  PARCEL_COLUMNS,
  PARCEL_COLUMN_COUNT,
  STREET,
  ftsAddress,
  type ParcelInsert,
  parcelColumns,
} from '../../contract/parcels/parcelInsert';

/** Where the FTS text and the filter values come from in parcelColumns' values. */
const PRC_ID = 0;

const PRC_NO = 1;

const HOUSE_NO = 5;

/**
 * Prepares the writes of one parcel from its column values and encoded geometry (the tile form, and the
 * survey form where there is one): its row, its R*Tree box and its FTS entry. Call the returned function inside the caller's transaction; it gives the row id.
 * With `collectBox` the box goes there instead of into the R*Tree (a dataset build bulk-loads it later).
 */
export function prepareParcelRowInsert(
  db: Database,
  collectBox?: (id: number, box: ParcelBox) => void,
): (
  columns: ParcelColumnValues,
  geom: Buffer,
  box: ParcelBox,
  locname: string,
  surveyGeom?: Buffer | null,
) => number {
  const insertParcel = db.prepare(
    `INSERT INTO parcels (${PARCEL_COLUMNS}, geom_lv95) VALUES (${new Array(PARCEL_COLUMN_COUNT + 2).fill('?').join(', ')})`,
  );
  const insertParcelBox = db.prepare(
    'INSERT INTO parcels_rtree (id, min_x, max_x, min_y, max_y) VALUES (?, ?, ?, ?, ?)',
  );
  const insertText = db.prepare(
    'INSERT INTO parcels_fts (rowid, address, street, locname, prc_no, prc_id) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const storeBox = collectBox ?? ((id: number, box: ParcelBox) => insertParcelBox.run(id, ...box));
  return (columns, geom, box, locname, surveyGeom = null) => {
    const { lastInsertRowid } = insertParcel.run(...columns, geom, surveyGeom);
    const id = Number(lastInsertRowid);
    storeBox(id, box);
    const street = columns[STREET] as string | null;
    insertText.run(
      id,
      ftsAddress(street, columns[HOUSE_NO] as string | null),
      street ?? '',
      locname,
      columns[PRC_NO],
      columns[PRC_ID],
    );
    return id;
  };
}

/** Writes one parcel (inside the caller's transaction) from its facts; gives its row id. */
export function prepareParcelInsert(db: Database): (insert: ParcelInsert) => number {
  const insertRow = prepareParcelRowInsert(db);
  return (insert) =>
    insertRow(
      parcelColumns(insert),
      encodeParts(insert.parts),
      ringsBox(insert.parts.flat()),
      insert.locname,
      insert.surveyParts ? encodeSurveyGeometry(insert.surveyParts) : null,
    );
}
