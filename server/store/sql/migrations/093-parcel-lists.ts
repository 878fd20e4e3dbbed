import type { SharedMigration } from './SharedMigration';

/**
 * Lists of parcels (personal or shared with a site), their parcels with a pipeline status and an assignee,
 * notes, the activity history, and the pipeline names a site gave its statuses. A parcel's number, place,
 * area and centroid are kept with it when added: the list stays readable while the dataset is rebuilt.
 * Times are epoch milliseconds; `detail` of an activity is JSON ({from, to}).
 */
export const parcelListsMigration: SharedMigration = {
  version: 93,
  name: 'parcel-lists',
  sql: (t) => `
    CREATE TABLE parcel_lists (
      id TEXT PRIMARY KEY,
      owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      site_id TEXT REFERENCES sites (id) ON DELETE SET NULL,
      created_at ${t.bigint} NOT NULL,
      updated_at ${t.bigint} NOT NULL
    );
    CREATE INDEX parcel_lists_owner ON parcel_lists (owner_id);
    CREATE INDEX parcel_lists_site ON parcel_lists (site_id);
    CREATE TABLE parcel_list_items (
      list_id TEXT NOT NULL REFERENCES parcel_lists (id) ON DELETE CASCADE,
      prc_id TEXT NOT NULL,
      prc_no TEXT NOT NULL,
      locname TEXT NOT NULL,
      canton TEXT NOT NULL,
      area ${t.real} NOT NULL,
      lon ${t.real} NOT NULL,
      lat ${t.real} NOT NULL,
      status TEXT NOT NULL,
      assignee_id TEXT REFERENCES users (id) ON DELETE SET NULL,
      added_by TEXT REFERENCES users (id) ON DELETE SET NULL,
      added_at ${t.bigint} NOT NULL,
      PRIMARY KEY (list_id, prc_id)
    );
    CREATE TABLE parcel_list_notes (
      id TEXT PRIMARY KEY,
      list_id TEXT NOT NULL,
      prc_id TEXT NOT NULL,
      author_id TEXT REFERENCES users (id) ON DELETE SET NULL,
      at ${t.bigint} NOT NULL,
      text TEXT NOT NULL,
      FOREIGN KEY (list_id, prc_id) REFERENCES parcel_list_items (list_id, prc_id) ON DELETE CASCADE
    );
    CREATE INDEX parcel_list_notes_item ON parcel_list_notes (list_id, prc_id, at);
    CREATE TABLE parcel_list_activity (
      id TEXT PRIMARY KEY,
      list_id TEXT NOT NULL REFERENCES parcel_lists (id) ON DELETE CASCADE,
      prc_id TEXT,
      actor_id TEXT REFERENCES users (id) ON DELETE SET NULL,
      at ${t.bigint} NOT NULL,
      kind TEXT NOT NULL,
      detail TEXT NOT NULL
    );
    CREATE INDEX parcel_list_activity_list ON parcel_list_activity (list_id, prc_id, at);
    CREATE TABLE site_list_statuses (
      site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
      status TEXT NOT NULL,
      label TEXT NOT NULL,
      PRIMARY KEY (site_id, status)
    );
  `,
};
