import type { PostgresMigration } from './PostgresMigration';

/**
 * The thematic map layers (SQLite migration 60): layer features with their envelope in one GiST index
 * over (layer index, box) — btree_gist lets the layer be the index's first key, as the R*Tree's third
 * axis is in SQLite, so one layer's tile is one index range — and every building's roof.
 */
export const mapLayersMigration: PostgresMigration = {
  version: 60,
  name: 'map-layers',
  sql: `
    CREATE EXTENSION IF NOT EXISTS btree_gist;
    CREATE TABLE layer_features (
      id INTEGER PRIMARY KEY,
      layer TEXT NOT NULL,
      layer_index SMALLINT NOT NULL,
      source_layer TEXT NOT NULL,
      cls TEXT NOT NULL,
      grp TEXT,
      label TEXT,
      kind SMALLINT NOT NULL,
      geom BYTEA NOT NULL,
      box geometry(Polygon, 3857) NOT NULL
    );
    CREATE INDEX layer_features_box ON layer_features USING gist (layer_index, box);
    CREATE TABLE building_roofs (
      building_id INTEGER PRIMARY KEY,
      height DOUBLE PRECISION NOT NULL,
      roof_area INTEGER NOT NULL,
      orientation INTEGER,
      solar_class INTEGER NOT NULL
    );
  `,
};
