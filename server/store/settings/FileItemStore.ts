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

export interface FileItemStore {
  add(item: Omit<FileItemRecord, 'id'>): Promise<FileItemRecord>;
  find(id: string): Promise<FileItemRecord | null>;
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
     VALUES (@id, @ownerId, @type, @contentHash, @mime, @size, @createdAt)`,
  );
  const byId = db.prepare<[string], FileItemRow>('SELECT * FROM file_items WHERE id = ?');
  return {
    add(item) {
      const record = { ...item, id: crypto.randomUUID() };
      insert.run({ ...record, createdAt: Date.now() });
      return record;
    },
    find(id) {
      const row = byId.get(id);
      return row ? toFileItemRecord(row) : null;
    },
  };
}
