import type { PostgresMigration } from './PostgresMigration';

/** The survey form of parcel and building outlines, LV95 millimetres (SQLite 27). */
export const surveyGeometryMigration: PostgresMigration = {
  version: 27,
  name: 'survey-geometry',
  sql: `
    ALTER TABLE parcels ADD COLUMN geom_lv95 bytea;
    ALTER TABLE buildings ADD COLUMN geom_lv95 bytea;
  `,
};
