import type { Migration } from './Migration';

/**
 * The thematic map layers (ADR 012): one table of layer features (zones, hazards, noise, groundwater,
 * contamination and radon areas dissolved per block and class; heritage, fix points and underground
 * objects; the base map's streets, parks and stations) with an R*Tree over (x, y, layer), so one layer's
 * tile is one index range; and the roof of every building (height, solar suitability) for the 3D and
 * solar layers. A dataset built before has neither: its completion mark is dropped, so the server
 * rebuilds it on the next start.
 */
export const mapLayersMigration: Migration = {
  version: 60,
  name: 'map-layers',
  up(db) {
    db.exec(`
      CREATE TABLE layer_features (
        id INTEGER PRIMARY KEY,
        layer TEXT NOT NULL,
        source_layer TEXT NOT NULL,
        cls TEXT NOT NULL,
        grp TEXT,
        label TEXT,
        kind INTEGER NOT NULL,
        geom BLOB NOT NULL
      );
      CREATE VIRTUAL TABLE layer_features_rtree USING rtree (id, min_x, max_x, min_y, max_y, min_l, max_l);
      CREATE TABLE building_roofs (
        building_id INTEGER PRIMARY KEY,
        height REAL NOT NULL,
        roof_area INTEGER NOT NULL,
        orientation INTEGER,
        solar_class INTEGER NOT NULL
      );
      DELETE FROM meta WHERE key = 'dataset';
    `);
  },
};
