import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_MAX_BYTES, type FileItemType } from '../../../src/contract/Settings';
import type { UnitOfWork } from '../../store/Stores';
import type { FileItemRecord, FileItemStore } from '../../store/settings/FileItemStore';
import type { PreferenceStore } from '../../store/settings/PreferenceStore';
import { detectImageType } from './detectImageType';

/** A refused upload: the route answers 400 with the message. */
export class UploadError extends Error {}

export const UPLOAD_MESSAGES = {
  tooLarge: (type: FileItemType) =>
    `The file is too large: at most ${UPLOAD_MAX_BYTES[type] / (1024 * 1024)} MB for ${type}`,
  notAnImage: 'Only PNG, JPEG or WebP images can be uploaded',
  empty: 'The file is empty',
} as const;

export interface FileService {
  /**
   * Checks and stores an upload: the bytes under DATA_DIR/files by their SHA-256 (written to a temporary
   * file and renamed, so no half-written file is ever visible), the row that says whose they are, and
   * for an avatar the owner's choice. Throws UploadError for refused input; then nothing is kept.
   */
  save(ownerId: string, type: FileItemType, bytes: Buffer): Promise<FileItemRecord>;
  find(id: string): Promise<FileItemRecord | null>;
  /** The stored file's path on disk. */
  pathOf(item: FileItemRecord): string;
}

export interface FileServiceDeps {
  dataDir: string;
  files: FileItemStore;
  preferences: PreferenceStore;
  unitOfWork: UnitOfWork;
}

export function createFileService({ dataDir, files, preferences, unitOfWork }: FileServiceDeps): FileService {
  const root = path.join(dataDir, 'files');
  const pathOfHash = (hash: string) => path.join(root, hash.slice(0, 2), hash);

  /** Writes the bytes once per content; true when this call created the file. */
  function writeContent(hash: string, bytes: Buffer): boolean {
    const target = pathOfHash(hash);
    if (fs.existsSync(target)) return false;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${crypto.randomUUID()}.tmp`;
    try {
      fs.writeFileSync(temp, bytes, { flag: 'wx' });
      fs.renameSync(temp, target);
    } finally {
      fs.rmSync(temp, { force: true });
    }
    return true;
  }

  return {
    async save(ownerId, type, bytes) {
      if (bytes.length === 0) throw new UploadError(UPLOAD_MESSAGES.empty);
      if (bytes.length > UPLOAD_MAX_BYTES[type]) throw new UploadError(UPLOAD_MESSAGES.tooLarge(type));
      const mime = detectImageType(bytes);
      if (!mime) throw new UploadError(UPLOAD_MESSAGES.notAnImage);
      const contentHash = crypto.createHash('sha256').update(bytes).digest('hex');
      const created = writeContent(contentHash, bytes);
      try {
        return await unitOfWork(async () => {
          const item = await files.add({ ownerId, type, contentHash, mime, size: bytes.length });
          if (type === 'avatar') await preferences.setAvatar(ownerId, item.id);
          return item;
        });
      } catch (error) {
        if (created) fs.rmSync(pathOfHash(contentHash), { force: true });
        throw error;
      }
    },
    find: (id) => files.find(id),
    pathOf: (item) => pathOfHash(item.contentHash),
  };
}
