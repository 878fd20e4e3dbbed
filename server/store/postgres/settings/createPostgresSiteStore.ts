import type { SiteRecord, SiteStore } from '../../contract/settings/SiteStore';
import type { PostgresConnection } from '../PostgresConnection';
import { toTextArray } from '../textArray';

export function createPostgresSiteStore(db: PostgresConnection): SiteStore {
  return {
    list: async () =>
      await db.query<SiteRecord>('SELECT id, name FROM sites ORDER BY name COLLATE "C", id COLLATE "C"'),
    async unknown(ids) {
      const known = new Set(
        (
          await db.query<{ id: string }>('SELECT id FROM sites WHERE id = ANY($1::text[])', [
            toTextArray(ids),
          ])
        ).map((row) => row.id),
      );
      return ids.filter((id) => !known.has(id));
    },
    async save(site) {
      await db.run(
        'INSERT INTO sites (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET name = excluded.name',
        [site.id, site.name, Date.now()],
      );
      return { id: site.id, name: site.name };
    },
  };
}
