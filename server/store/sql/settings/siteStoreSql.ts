import type { SiteRecord, SiteStore } from '../../contract/settings/SiteStore';
import { all, run, type SqlRepositoryDefinition } from '../SqlWork';

export const siteStoreSql: SqlRepositoryDefinition<SiteStore> = (dialect) => ({
  *list() {
    return yield* all<SiteRecord>(
      `SELECT id, name FROM sites ORDER BY name${dialect.byCodePoint}, id${dialect.byCodePoint}`,
    );
  },
  *unknown(ids) {
    if (ids.length === 0) return [];
    const known = yield* all<{ id: string }>(
      `SELECT id FROM sites WHERE id IN ${dialect.textSet}`,
      dialect.textSetValue(ids),
    );
    const found = new Set(known.map((row) => row.id));
    return ids.filter((id) => !found.has(id));
  },
  *save(site) {
    yield* run(
      'INSERT INTO sites (id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name',
      site.id,
      site.name,
      Date.now(),
    );
    return { id: site.id, name: site.name };
  },
});
