import type { Synchronous } from '../unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';

/** A site of spec §6 (`siteID` in the profile) with its display name. */
export interface SiteRecord {
  id: string;
  name: string;
}

/** The sites table (migration 40); grants per user live with the user store (`user_sites`). */
export interface SiteStore {
  list(): Promise<SiteRecord[]>;
  /** The ids among `ids` that are not known sites. */
  unknown(ids: readonly string[]): Promise<string[]>;
  /** Creates a site or renames an existing one. */
  save(site: SiteRecord): Promise<SiteRecord>;
}

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
