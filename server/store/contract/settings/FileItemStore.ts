import type { FileItemType } from '../../../../src/contract/Settings';

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
