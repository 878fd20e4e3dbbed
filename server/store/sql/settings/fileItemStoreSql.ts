import crypto from 'node:crypto';
import {
  toFileItemRecord,
  type FileItemRow,
  type FileItemStore,
} from '../../contract/settings/FileItemStore';
import { atomically, holdLock, one, run, type SqlRepositoryDefinition } from '../SqlWork';

export const fileItemStoreSql: SqlRepositoryDefinition<FileItemStore> = (dialect) => ({
  *addWithin(item, allowance) {
    const record = { ...item, id: crypto.randomUUID() };
    // On PostgreSQL read committed gives each statement its own snapshot: with the owner's lock taken
    // first, the insert's sums see every upload committed before it, so parallel uploads cannot pass
    // together. SQLite runs one writer at a time.
    const added = yield* atomically(
      (function* () {
        yield* holdLock(dialect, `file_items:${record.ownerId}`);
        return yield* run(
          `INSERT INTO file_items (id, owner_id, type, content_hash, mime, size, created_at)
           SELECT ?, ?, ?, ?, ?, CAST(? AS BIGINT), ?
           WHERE (SELECT COUNT(*) FROM file_items WHERE owner_id = ?) < ?
             AND (SELECT COALESCE(SUM(size), 0) FROM file_items WHERE owner_id = ?) + CAST(? AS BIGINT) <= ?`,
          record.id,
          record.ownerId,
          record.type,
          record.contentHash,
          record.mime,
          record.size,
          Date.now(),
          record.ownerId,
          allowance.files,
          record.ownerId,
          record.size,
          allowance.bytes,
        );
      })(),
    );
    return added === 1 ? record : null;
  },
  *find(id) {
    const row = yield* one<FileItemRow>('SELECT * FROM file_items WHERE id = ?', id);
    return row ? toFileItemRecord(row) : null;
  },
  *remove(id) {
    const row = yield* one<{ content_hash: string }>(
      'DELETE FROM file_items WHERE id = ? RETURNING content_hash',
      id,
    );
    const used =
      row && (yield* one('SELECT 1 FROM file_items WHERE content_hash = ? LIMIT 1', row.content_hash));
    return { contentStillUsed: Boolean(used) };
  },
});
