import type { PostgresMigration } from './PostgresMigration';
import { CANTONS } from '../../../geo/cantons';

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The 26 cantons are reference data: present even before (or without) a parcel dataset (SQLite 21). */
export const cantonsMigration: PostgresMigration = {
  version: 21,
  name: 'cantons',
  sql: `INSERT INTO cantons (bfs, code, name, names, language, url_oreb) VALUES ${CANTONS.map(
    (c) =>
      `(${c.bfs}, ${[c.code, c.name, JSON.stringify(c.names), c.language, c.urlOREB].map(literal).join(', ')})`,
  ).join(',\n')}
    ON CONFLICT (bfs) DO UPDATE SET code = excluded.code, name = excluded.name, names = excluded.names,
      language = excluded.language, url_oreb = excluded.url_oreb;`,
};
