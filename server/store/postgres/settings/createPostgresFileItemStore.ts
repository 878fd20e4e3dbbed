import crypto from 'node:crypto';
import { toFileItemRecord, type FileItemRow, type FileItemStore } from '../../settings/FileItemStore';
import type { PostgresConnection } from '../PostgresConnection';

export function createPostgresFileItemStore(db: PostgresConnection): FileItemStore {
  return {
    async add(item) {
      const record = { ...item, id: crypto.randomUUID() };
      await db.run(
        `INSERT INTO file_items (id, owner_id, type, content_hash, mime, size, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [record.id, record.ownerId, record.type, record.contentHash, record.mime, record.size, Date.now()],
      );
      return record;
    },
    async find(id) {
      const row = await db.one<FileItemRow>('SELECT * FROM file_items WHERE id = $1', [id]);
      return row ? toFileItemRecord(row) : null;
    },
  };
}
