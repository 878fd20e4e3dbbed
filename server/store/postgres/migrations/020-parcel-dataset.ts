import type { PostgresMigration } from './PostgresMigration';

/**
 * The parcel dataset (SQLite migrations 20, 22, 25, 26 in one step): lookups, parcels and buildings with
 * the encoded geometry the tile encoder reads (geometryCodec) and PostGIS geometries in EPSG:3857.
 * - `box` is the envelope the writer computed from the generated rings (the R*Tree's box in SQLite), with
 *   a GiST index: a tile is `box && envelope` plus LIMIT, the same boxes as the R*Tree (both keep them as
 *   outward-rounded float32), so both adapters return the same features.
 * - `shape` (parcels) is the polygon itself, for spatial SQL and ST_AsMVT.
 * - `text_search` holds the words of address, street, municipality, parcel number and EGRID, folded and
 *   split by the writer with the SQLite FTS tokenizer's rules (parcelTextSearch.ts), with positions per
 *   column so a phrase does not span two columns; a GIN index serves prefix queries (`'b':*`).
 * - `meta` holds the dataset's completion mark, as in SQLite.
 */
export const parcelDatasetMigration: PostgresMigration = {
  version: 20,
  name: 'parcel-dataset',
  sql: `
    CREATE EXTENSION IF NOT EXISTS postgis;
    CREATE EXTENSION IF NOT EXISTS unaccent;
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
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
      lon DOUBLE PRECISION NOT NULL,
      lat DOUBLE PRECISION NOT NULL,
      parcel_count INTEGER NOT NULL DEFAULT 0,
      origin TEXT NOT NULL DEFAULT 'synthetic'
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
    );
    CREATE TABLE alphas (
      canton TEXT NOT NULL,
      varname TEXT NOT NULL,
      code TEXT NOT NULL,
      lang TEXT NOT NULL,
      PRIMARY KEY (canton, varname, code)
    );
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
      lv95_x DOUBLE PRECISION NOT NULL,
      lv95_y DOUBLE PRECISION NOT NULL,
      lon DOUBLE PRECISION NOT NULL,
      lat DOUBLE PRECISION NOT NULL,
      geom BYTEA NOT NULL,
      themes TEXT NOT NULL,
      origin TEXT NOT NULL DEFAULT 'synthetic',
      box geometry(Polygon, 3857) NOT NULL,
      shape geometry(Polygon, 3857),
      text_search tsvector NOT NULL
    );
    CREATE INDEX parcels_mun ON parcels (mun_bfs);
    CREATE INDEX parcels_prc_no ON parcels (prc_no);
    CREATE INDEX parcels_house_no ON parcels (house_no) WHERE house_no IS NOT NULL;
    CREATE INDEX parcels_zip ON parcels (zip);
    CREATE INDEX parcels_box ON parcels USING gist (box);
    CREATE INDEX parcels_text_search ON parcels USING gin (text_search);
    CREATE TABLE buildings (
      id INTEGER PRIMARY KEY,
      obj_id TEXT NOT NULL UNIQUE,
      parcel_id INTEGER NOT NULL,
      typ TEXT NOT NULL,
      pro TEXT NOT NULL,
      lon DOUBLE PRECISION NOT NULL,
      lat DOUBLE PRECISION NOT NULL,
      attrs TEXT NOT NULL,
      geom BYTEA NOT NULL,
      origin TEXT NOT NULL DEFAULT 'synthetic',
      box geometry(Polygon, 3857) NOT NULL
    );
    CREATE INDEX buildings_parcel ON buildings (parcel_id);
    CREATE INDEX buildings_box ON buildings USING gist (box);
    CREATE TABLE parcel_filter_columns (name TEXT PRIMARY KEY, data BYTEA NOT NULL);
  `,
};
