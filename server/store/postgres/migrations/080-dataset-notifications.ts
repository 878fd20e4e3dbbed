import type { PostgresMigration } from './PostgresMigration';

/** The channel every instance listens on for a changed dataset (ADR 051). */
export const DATASET_CHANNEL = 'parcel_atlas_dataset';

/**
 * Several app instances, one dataset (ADR 051): every change to `meta` (the dataset's completion mark and
 * build id, written last by the dataset builder and by every imported municipality) notifies
 * DATASET_CHANNEL when its transaction commits, so the other instances drop their search structures and
 * tile keys without asking the database on every request. A trigger, not the writers, so no writer can
 * forget it. `meta` is created here too when the dataset migration has not (same definition).
 */
export const datasetNotificationsMigration: PostgresMigration = {
  version: 80,
  name: 'dataset-notifications',
  sql: `
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE FUNCTION notify_dataset_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${DATASET_CHANNEL}', '');
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER meta_notifies_dataset_changed
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON meta
      FOR EACH STATEMENT EXECUTE FUNCTION notify_dataset_changed();
  `,
};
