import type { Migration } from './Migration';
import { CANTONS } from '../../../geo/cantons';

/** The 26 cantons are reference data: present even before (or without) a parcel dataset. */
export const cantonsMigration: Migration = {
  version: 21,
  name: 'cantons',
  up(db) {
    const insert = db.prepare(
      'INSERT OR REPLACE INTO cantons (bfs, code, name, names, language, url_oreb) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const c of CANTONS)
      insert.run(c.bfs, c.code, c.name, JSON.stringify(c.names), c.language, c.urlOREB);
  },
};
