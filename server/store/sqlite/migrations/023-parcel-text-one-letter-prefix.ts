import type { Migration } from './Migration';

/**
 * The parcel text index gets a one-letter prefix index: "B" or "a" is then one posting list
 * read in id order as far as a page and the count cap need, instead of a merge of every word starting
 * with that letter (FTS5 builds that merge in full before the first row). The table is contentless, so
 * it is created anew and refilled from the parcels (the text copyDataset writes; ~25 s for the country).
 */
export const parcelTextOneLetterPrefixMigration: Migration = {
  version: 23,
  name: 'parcel-text-one-letter-prefix',
  up(db) {
    db.exec(`
      DROP TABLE parcels_fts;
      CREATE VIRTUAL TABLE parcels_fts USING fts5 (
        address, street, locname, prc_no, prc_id,
        content = '', tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
      );
      INSERT INTO parcels_fts (rowid, address, street, locname, prc_no, prc_id)
        SELECT p.id, CASE WHEN p.street IS NULL THEN '' WHEN p.house_no IS NULL THEN p.street
          ELSE p.street || ' ' || p.house_no END, coalesce(p.street, ''), m.name, p.prc_no, p.prc_id
        FROM parcels p JOIN municipalities m ON m.bfs = p.mun_bfs;
    `);
  },
};
