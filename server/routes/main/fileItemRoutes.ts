import fs from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../AppContext';
import {
  FILE_ITEM_TYPES,
  UPLOAD_MAX_BYTES,
  type FileItemType,
  type UploadResponse,
} from '../../../src/contract/Settings';
import { hasAccess } from '../../../src/lib/accessCheck';
import { authUser, requireRole, ACCESS_DENIED } from '../../http/requireRole';
import { accountErrorHandler } from '../../http/registerErrorHandling';
import { refuseWhenLimited } from '../../services/accounts/rateLimits';
import { UploadError, UPLOAD_MESSAGES, type FileService } from '../../services/files/FileService';
import type { FileItemRecord } from '../../store/contract/settings/FileItemStore';
import { SIGNATURE_IMAGE_PATH } from '../../services/preferences/sanitizeSignature';

/** Who may upload each type: signature images are for the administrators' signature editor (spec §6). */
const UPLOAD_ROLE: Record<FileItemType, string> = { 'signature-image': 'ADMIN', avatar: 'MAPUSER' };

const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_MAX_BYTES));

export const FILE_MESSAGES = {
  uploaded: 'File uploaded',
  notMultipart: 'Send the file as multipart/form-data in the field "file"',
  oneFile: 'Send exactly one file, in the field "file"',
  notFound: 'File not found',
} as const;

/** Reads the one `file` part of a multipart request, or throws UploadError with the reason. */
async function readUpload(request: import('fastify').FastifyRequest, type: FileItemType): Promise<Buffer> {
  if (!request.isMultipart()) throw new UploadError(FILE_MESSAGES.notMultipart);
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || bytes !== null) {
        if (part.type === 'file') part.file.resume();
        throw new UploadError(FILE_MESSAGES.oneFile);
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof UploadError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadError(UPLOAD_MESSAGES.tooLarge(type));
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new UploadError(FILE_MESSAGES.oneFile);
    }
    throw new UploadError(FILE_MESSAGES.notMultipart);
  }
  if (!bytes) throw new UploadError(FILE_MESSAGES.oneFile);
  if (bytes.length > UPLOAD_MAX_BYTES[type]) throw new UploadError(UPLOAD_MESSAGES.tooLarge(type));
  return bytes;
}

/** Sends a stored file with its real type; nosniff comes with every answer (securityHeaders). */
function sendFile(reply: FastifyReply, files: FileService, item: FileItemRecord, cache: string) {
  return (
    reply
      .type(item.mime)
      .header('cache-control', cache)
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      // A stored file is never a page: if opened directly it runs nothing.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
      .send(fs.createReadStream(files.pathOf(item)))
  );
}

/**
 * Uploads (spec §7: `POST file-items/{type}/upload`, multipart field `file`) and reading them back. The
 * types are checked by content (magic bytes), sizes per type, one file per request.
 */
export async function fileItemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: LARGEST_UPLOAD, files: 1, fields: 0, parts: 1, fieldNameSize: 100, headerPairs: 50 },
  });
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof UploadError) return reply.code(400).send({ error: true, message: error.message });
    return accountErrorHandler(error as FastifyError, request, reply);
  });

  app.post<{ Params: { type: FileItemType } }>(
    '/file-items/:type/upload',
    {
      preHandler: requireRole(ctx),
      schema: {
        params: {
          type: 'object',
          required: ['type'],
          properties: { type: { type: 'string', enum: [...FILE_ITEM_TYPES] } },
        },
      },
    },
    async (request, reply): Promise<UploadResponse> => {
      const user = authUser(request);
      const { type } = request.params;
      if (!hasAccess(user.roles, UPLOAD_ROLE[type])) {
        return reply.code(403).send({ error: true, message: ACCESS_DENIED });
      }
      // Counted before the body is read: a refused caller costs no parsing and no disk.
      refuseWhenLimited(await ctx.files.admit(user.id));
      const item = await ctx.files.save(user.id, type, await readUpload(request, type));
      const url =
        type === 'signature-image' ? `${SIGNATURE_IMAGE_PATH}${item.id}` : `/v1/secure/file-items/${item.id}`;
      return {
        error: false,
        message: FILE_MESSAGES.uploaded,
        id: item.id,
        url,
        mime: item.mime,
        size: item.size,
      };
    },
  );

  /** GET /v1/secure/file-items/{id} (bearer): the owner's file, or any file for an administrator. */
  app.get<{ Params: { id: string } }>(
    '/file-items/:id',
    {
      preHandler: requireRole(ctx),
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9a-f-]{36}$' } } },
      },
    },
    async (request, reply) => {
      const user = authUser(request);
      const item = await ctx.files.find(request.params.id);
      // Someone else's file answers like a missing one: ids say nothing about other accounts.
      if (!item || (item.ownerId !== user.id && !hasAccess(user.roles, 'ADMIN'))) {
        return reply.code(404).send({ error: true, message: FILE_MESSAGES.notFound });
      }
      return sendFile(reply, ctx.files, item, 'private, max-age=86400');
    },
  );
}

/**
 * GET /v1/files/signature-image/{id}: signature images without a token, because they are shown in the
 * mails the signature goes out with. Only that type is served here; ids are random UUIDs.
 */
export function publicFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { id: string } }>(
    `${SIGNATURE_IMAGE_PATH}:id`,
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9a-f-]{36}$' } } },
      },
    },
    async (request, reply) => {
      const item = await ctx.files.find(request.params.id);
      if (!item || item.type !== 'signature-image') {
        return reply.code(404).send({ error: true, message: FILE_MESSAGES.notFound });
      }
      return sendFile(reply, ctx.files, item, 'public, max-age=31536000, immutable');
    },
  );
}
