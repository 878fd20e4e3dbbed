import type { Database } from 'better-sqlite3';
import { ringsBox, type Ring } from '../../geo/ring';
import type { DataOrigin } from '../../../src/contract/CadastreImport';
import type { OfficialParcel } from './CadastreWriter';
import { encodeGeometry } from './geometryCodec';

/** The register and zoning facts both writers (the demo builder, the importer) store per parcel. */
export type ParcelFacts = Omit<OfficialParcel, 'rings'>;

export interface ParcelInsert {
  canton: string;
  bfs: number;
  /** Municipality name, indexed for the text search. */
  locname: string;
  parcel: ParcelFacts;
  rings: readonly Ring[];
  objCount: number;
  /** Encoded by themeCodec. */
  themes: string;
  origin: DataOrigin;
}

/** The text the FTS index holds as a parcel's address (copyDataset and deletions rebuild the same). */
export const ftsAddress = (street: string | null, houseNo: string | null) =>
  street ? (houseNo ? `${street} ${houseNo}` : street) : '';

/**
 * Prepares the writes of one parcel: its row, its R*Tree box and its FTS entry. Returns a function that
 * writes one parcel (call it inside the caller's transaction) and gives its row id.
 */
export function prepareParcelInsert(db: Database): (insert: ParcelInsert) => number {
  const insertParcel =
    db.prepare(`INSERT INTO parcels (prc_id, prc_no, canton, mun_bfs, street, house_no, zip, sur,
    typ, ind, alpha_pri, alpha_sec, alpha_ter, bravo_pri, grn_trm, grn_rad, pro_bun, obj_count, freeway, putra,
    lv95_x, lv95_y, lon, lat, geom, themes, origin)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertParcelBox = db.prepare(
    'INSERT INTO parcels_rtree (id, min_x, max_x, min_y, max_y) VALUES (?, ?, ?, ?, ?)',
  );
  const insertText = db.prepare(
    'INSERT INTO parcels_fts (rowid, address, street, locname, prc_no, prc_id) VALUES (?, ?, ?, ?, ?, ?)',
  );
  return ({ canton, bfs, locname, parcel: p, rings, objCount, themes, origin }) => {
    const { lastInsertRowid } = insertParcel.run(
      p.prcId,
      p.prcNo,
      canton,
      bfs,
      p.street,
      p.houseNo,
      p.zip,
      p.sur,
      p.typ,
      p.ind,
      p.alphaPri,
      p.alphaSec,
      p.alphaTer,
      p.bravoPri,
      p.grnTrm,
      p.grnRad,
      p.proBun ? 1 : 0,
      objCount,
      p.freeway,
      p.putra,
      p.lv95[0],
      p.lv95[1],
      p.lon,
      p.lat,
      encodeGeometry(rings),
      themes,
      origin,
    );
    const id = Number(lastInsertRowid);
    insertParcelBox.run(id, ...ringsBox(rings));
    insertText.run(id, ftsAddress(p.street, p.houseNo), p.street ?? '', locname, p.prcNo, p.prcId);
    return id;
  };
}
