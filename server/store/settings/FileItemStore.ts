import type { Synchronous } from '../unitOfWork/Synchronous';
import crypto from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { FileItemType } from '../../../src/contract/Settings';

/** An uploaded file: whose it is and what it holds; the bytes are stored by `contentHash` (services/files). */
export interface FileItemRecord {
  id: string;
  ownerId: string;
  type: FileItemType;
  contentHash: string;
  mime: string;
  size: number;
}

/** What one account may keep (uploads beyond it are refused). */
export interface UploadAllowance {
  files: number;
  bytes: number;
}

export interface FileItemStore {
  /**
   * Adds the row when the owner's files, this one included, stay within `allowance`: checked and written
   * in one statement, so parallel uploads cannot pass the check together. Null when refused.
   */
  addWithin(item: Omit<FileItemRecord, 'id'>, allowance: UploadAllowance): Promise<FileItemRecord | null>;
  find(id: string): Promise<FileItemRecord | null>;
  /** Deletes the row; whether another row still names the same content (then the bytes must stay). */
  remove(id: string): Promise<{ contentStillUsed: boolean }>;
}

/** A `file_items` row as both adapters read it. */
export interface FileItemRow {
  id: string;
  owner_id: string;
  type: FileItemType;
  content_hash: string;
  mime: string;
  size: number;
}

export const toFileItemRecord = (row: FileItemRow): FileItemRecord => ({
  id: row.id,
  ownerId: row.owner_id,
  type: row.type,
  contentHash: row.content_hash,
  mime: row.mime,
  size: row.size,
});

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
