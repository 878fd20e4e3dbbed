import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_MAX_BYTES, type FileItemType } from '../../../src/contract/Settings';
import type { UnitOfWork } from '../../store/contract/Stores';
import type {
  FileItemRecord,
  FileItemStore,
  UploadAllowance,
} from '../../store/contract/settings/FileItemStore';
import type { PreferenceStore } from '../../store/contract/settings/PreferenceStore';
import type { LimitResult, RateLimiter } from '../accounts/rateLimits';
import { detectImageType } from './detectImageType';

/**
 * What one account keeps: an avatar (replaced ones are deleted) and the images of an e-mail signature
 * leave ample room; a script that uploads in a loop is stopped long before the disk fills.
 */
export const UPLOAD_ALLOWANCE: UploadAllowance = { files: 30, bytes: 20 * 1024 * 1024 };

/** A refused upload: the route answers 400 with the message. */
export class UploadError extends Error {}

export const UPLOAD_MESSAGES = {
  tooLarge: (type: FileItemType) =>
    `The file is too large: at most ${UPLOAD_MAX_BYTES[type] / (1024 * 1024)} MB for ${type}`,
  notAnImage: 'Only PNG, JPEG or WebP images can be uploaded',
  empty: 'The file is empty',
  allowanceUsed: 'Upload limit reached: an account keeps at most 30 files and 20 MB',
} as const;

export interface FileService {
  /**
   * Checks and stores an upload: the bytes under DATA_DIR/files by their SHA-256 (written to a temporary
   * file and renamed, so no half-written file is ever visible), the row that says whose they are, and
   * for an avatar the owner's choice. Throws UploadError for refused input; then nothing is kept.
   */
  save(ownerId: string, type: FileItemType, bytes: Buffer): Promise<FileItemRecord>;
  /** Counts an upload attempt of `ownerId` against the upload rate limit (before the body is read). */
  admit(ownerId: string): Promise<LimitResult>;
  find(id: string): Promise<FileItemRecord | null>;
  /** The stored file's path on disk. */
  pathOf(item: FileItemRecord): string;
}

export interface FileServiceDeps {
  dataDir: string;
  files: FileItemStore;
  preferences: PreferenceStore;
  unitOfWork: UnitOfWork;
  /** Upload attempts per account and window. */
  uploadLimiter: RateLimiter;
}

export function createFileService({
  dataDir,
  files,
  preferences,
  unitOfWork,
  uploadLimiter,
}: FileServiceDeps): FileService {
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

  /** Deletes the owner's current avatar row; the content hash no row names any more, if so. */
  async function removeAvatarOf(ownerId: string): Promise<string | null> {
    const { avatarFileId } = await preferences.get(ownerId);
    const previous = avatarFileId ? await files.find(avatarFileId) : null;
    if (previous?.ownerId !== ownerId || previous.type !== 'avatar') return null;
    const { contentStillUsed } = await files.remove(previous.id);
    return contentStillUsed ? null : previous.contentHash;
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
        const { added, freedContent } = await unitOfWork(async () => {
          // The avatar it replaces goes first, so a full allowance still lets the owner change it.
          const freed = type === 'avatar' ? await removeAvatarOf(ownerId) : null;
          const row = await files.addWithin(
            { ownerId, type, contentHash, mime, size: bytes.length },
            UPLOAD_ALLOWANCE,
          );
          if (!row) throw new UploadError(UPLOAD_MESSAGES.allowanceUsed);
          if (type === 'avatar') await preferences.setAvatar(ownerId, row.id);
          return { added: row, freedContent: freed };
        });
        // The old bytes go only once the row that named them is gone for good (committed).
        if (freedContent && freedContent !== contentHash)
          fs.rmSync(pathOfHash(freedContent), { force: true });
        return added;
      } catch (error) {
        if (created) fs.rmSync(pathOfHash(contentHash), { force: true });
        throw error;
      }
    },
    admit: (ownerId) => uploadLimiter.hit(ownerId),
    find: (id) => files.find(id),
    pathOf: (item) => pathOfHash(item.contentHash),
  };
}
