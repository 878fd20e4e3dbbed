import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import crypto from 'node:crypto';
import type { Database } from 'better-sqlite3';
import {
  type FileItemStore,
  type FileItemRow,
  toFileItemRecord,
} from '../../contract/settings/FileItemStore';

export function createSqliteFileItemStore(db: Database): Synchronous<FileItemStore> {
  const insert = db.prepare(
    `INSERT INTO file_items (id, owner_id, type, content_hash, mime, size, created_at)
     SELECT @id, @ownerId, @type, @contentHash, @mime, @size, @createdAt
     WHERE (SELECT COUNT(*) FROM file_items WHERE owner_id = @ownerId) < @maxFiles
       AND (SELECT COALESCE(SUM(size), 0) FROM file_items WHERE owner_id = @ownerId) + @size <= @maxBytes`,
  );
  const byId = db.prepare<[string], FileItemRow>('SELECT * FROM file_items WHERE id = ?');
  const removeById = db.prepare<[string]>('DELETE FROM file_items WHERE id = ? RETURNING content_hash');
  const usedContent = db.prepare<[string]>('SELECT 1 FROM file_items WHERE content_hash = ? LIMIT 1');
  return {
    addWithin(item, allowance) {
      const record = { ...item, id: crypto.randomUUID() };
      const { changes } = insert.run({
        ...record,
        createdAt: Date.now(),
        maxFiles: allowance.files,
        maxBytes: allowance.bytes,
      });
      return changes === 1 ? record : null;
    },
    find(id) {
      const row = byId.get(id);
      return row ? toFileItemRecord(row) : null;
    },
    remove(id) {
      const row = removeById.get(id) as { content_hash: string } | undefined;
      return { contentStillUsed: row ? usedContent.get(row.content_hash) !== undefined : false };
    },
  };
}
