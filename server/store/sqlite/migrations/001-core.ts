import type { Migration } from './Migration';

/** Key/value facts about this database (dataset seed, build time, …). */
export const coreMigration: Migration = {
  version: 1,
  name: 'core',
  up(db) {
    db.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
  },
};
