import type { PostgresMigration } from './PostgresMigration';

/**
 * A parcel of several parts (ADR 041): its PostGIS shape may be a MultiPolygon. The stored outlines (`geom`,
 * `geom_lv95`) need no step: their layout reads the rows written before unchanged. SQLite keeps no PostGIS
 * shape, so it has no migration 98.
 */
export const multiPartParcelsMigration: PostgresMigration = {
  version: 98,
  name: 'multi-part-parcels',
  sql: `ALTER TABLE parcels ALTER COLUMN shape TYPE geometry(Geometry, 3857);`,
};
