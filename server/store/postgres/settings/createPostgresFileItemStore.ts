import crypto from 'node:crypto';
import {
  toFileItemRecord,
  type FileItemRow,
  type FileItemStore,
} from '../../contract/settings/FileItemStore';
import type { PostgresConnection } from '../PostgresConnection';

export function createPostgresFileItemStore(db: PostgresConnection): FileItemStore {
  return {
    async addWithin(item, allowance) {
      const record = { ...item, id: crypto.randomUUID() };
      // Read committed gives each statement its own snapshot: with the owner's lock taken first, the
      // insert's sums see every upload committed before it, so parallel uploads cannot pass together.
      const added = await db.transaction(async () => {
        await db.one('SELECT pg_advisory_xact_lock(hashtext($1))', [`file_items:${record.ownerId}`]);
        return db.run(
          `INSERT INTO file_items (id, owner_id, type, content_hash, mime, size, created_at)
           SELECT $1, $2, $3, $4, $5, $6::bigint, $7
           WHERE (SELECT COUNT(*) FROM file_items WHERE owner_id = $2) < $8
             AND (SELECT COALESCE(SUM(size), 0) FROM file_items WHERE owner_id = $2) + $6::bigint <= $9`,
          [
            record.id,
            record.ownerId,
            record.type,
            record.contentHash,
            record.mime,
            record.size,
            Date.now(),
            allowance.files,
            allowance.bytes,
          ],
        );
      });
      return added === 1 ? record : null;
    },
    async find(id) {
      const row = await db.one<FileItemRow>('SELECT * FROM file_items WHERE id = $1', [id]);
      return row ? toFileItemRecord(row) : null;
    },
    async remove(id) {
      const row = await db.one<{ content_hash: string }>(
        'DELETE FROM file_items WHERE id = $1 RETURNING content_hash',
        [id],
      );
      const used =
        row && (await db.one('SELECT 1 FROM file_items WHERE content_hash = $1 LIMIT 1', [row.content_hash]));
      return { contentStillUsed: Boolean(used) };
    },
  };
}
