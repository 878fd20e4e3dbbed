import type { SharedMigration } from './SharedMigration';

/**
 * The survey form of a parcel's and a building's outline (LV95 millimetres, surveyGeometryCodec) beside
 * the tile form: written by the cadastre importer; null for synthetic rows, whose tile form is exact.
 */
export const surveyGeometryMigration: SharedMigration = {
  version: 27,
  name: 'survey-geometry',
  sql: (t) => `
    ALTER TABLE parcels ADD COLUMN geom_lv95 ${t.blob};
    ALTER TABLE buildings ADD COLUMN geom_lv95 ${t.blob};
  `,
};
