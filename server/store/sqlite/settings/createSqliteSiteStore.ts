import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import type { SiteStore, SiteRecord } from '../../contract/settings/SiteStore';

export function createSqliteSiteStore(db: Database): Synchronous<SiteStore> {
  const all = db.prepare<[], SiteRecord>('SELECT id, name FROM sites ORDER BY name, id');
  const exists = db.prepare<[string], { id: string }>('SELECT id FROM sites WHERE id = ?');
  const upsert = db.prepare<[string, string, number]>(
    'INSERT INTO sites (id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name',
  );
  return {
    list: () => all.all(),
    unknown: (ids) => ids.filter((id) => !exists.get(id)),
    save(site) {
      upsert.run(site.id, site.name, Date.now());
      return { id: site.id, name: site.name };
    },
  };
}
