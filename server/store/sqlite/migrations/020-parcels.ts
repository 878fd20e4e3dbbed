import type { Migration } from './Migration';

/**
 * The parcel dataset: lookups, parcels and buildings with compact binary geometry (Web Mercator
 * decimetres, zigzag varint deltas), R*Trees on their boxes, and an accent-folding FTS5 index over
 * address, street, municipality, parcel number and EGRID. House and parcel numbers also have plain
 * columns with indexes, because FTS prefix queries on bare numbers are slow.
 */
export const parcelsMigration: Migration = {
  version: 20,
  name: 'parcels',
  up(db) {
    db.exec(`
      CREATE TABLE cantons (
        bfs INTEGER PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        names TEXT NOT NULL,
        language TEXT NOT NULL,
        url_oreb TEXT NOT NULL
      );
      CREATE TABLE municipalities (
        bfs INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        canton TEXT NOT NULL,
        zip TEXT NOT NULL,
        lon REAL NOT NULL,
        lat REAL NOT NULL,
        parcel_count INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX municipalities_canton_name ON municipalities (canton, name);
      CREATE INDEX municipalities_name ON municipalities (name);
      CREATE TABLE streets (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        canton TEXT NOT NULL,
        mun_bfs INTEGER NOT NULL,
        locname TEXT NOT NULL
      );
      CREATE INDEX streets_canton_name ON streets (canton, name);
      CREATE TABLE thermals (
        canton TEXT NOT NULL,
        code TEXT NOT NULL,
        lang TEXT NOT NULL,
        PRIMARY KEY (canton, code)
      ) WITHOUT ROWID;
      CREATE TABLE alphas (
        canton TEXT NOT NULL,
        varname TEXT NOT NULL,
        code TEXT NOT NULL,
        lang TEXT NOT NULL,
        PRIMARY KEY (canton, varname, code)
      ) WITHOUT ROWID;
      CREATE TABLE parcels (
        id INTEGER PRIMARY KEY,
        prc_id TEXT NOT NULL UNIQUE,
        prc_no TEXT NOT NULL,
        canton TEXT NOT NULL,
        mun_bfs INTEGER NOT NULL,
        street TEXT,
        house_no TEXT,
        zip TEXT NOT NULL,
        sur INTEGER NOT NULL,
        typ TEXT NOT NULL,
        ind TEXT NOT NULL,
        alpha_pri TEXT,
        alpha_sec TEXT,
        alpha_ter TEXT,
        bravo_pri TEXT,
        grn_trm TEXT,
        grn_rad INTEGER NOT NULL,
        pro_bun INTEGER NOT NULL,
        obj_count INTEGER NOT NULL,
        freeway INTEGER NOT NULL,
        putra INTEGER NOT NULL,
        lv95_x REAL NOT NULL,
        lv95_y REAL NOT NULL,
        lon REAL NOT NULL,
        lat REAL NOT NULL,
        geom BLOB NOT NULL,
        themes TEXT NOT NULL
      );
      CREATE INDEX parcels_canton_mun ON parcels (canton, mun_bfs);
      CREATE INDEX parcels_mun ON parcels (mun_bfs);
      CREATE INDEX parcels_prc_no ON parcels (prc_no);
      CREATE INDEX parcels_house_no ON parcels (house_no) WHERE house_no IS NOT NULL;
      CREATE INDEX parcels_canton_alpha ON parcels (canton, alpha_pri);
      CREATE VIRTUAL TABLE parcels_rtree USING rtree (id, min_x, max_x, min_y, max_y);
      CREATE VIRTUAL TABLE parcels_fts USING fts5 (
        address, street, locname, prc_no, prc_id,
        content = '', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
      );
      CREATE TABLE buildings (
        id INTEGER PRIMARY KEY,
        obj_id TEXT NOT NULL UNIQUE,
        parcel_id INTEGER NOT NULL,
        typ TEXT NOT NULL,
        pro TEXT NOT NULL,
        lon REAL NOT NULL,
        lat REAL NOT NULL,
        attrs TEXT NOT NULL,
        geom BLOB NOT NULL
      );
      CREATE INDEX buildings_parcel ON buildings (parcel_id);
      CREATE VIRTUAL TABLE buildings_rtree USING rtree (id, min_x, max_x, min_y, max_y);
    `);
  },
};
