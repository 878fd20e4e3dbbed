import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../AppContext';
import { authUser, requireRole } from '../../../http/requireRole';
import { CadastreImportRefused } from '../../../services/cadastre/CadastreImportService';

/** A cantonal survey GeoPackage is a few hundred MB at most. */
export const CADASTRE_UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;
const MAPPING_MAX_BYTES = 64 * 1024;

/**
 * POST /v1/secure/file-items/cadastre/upload (spec §7 file-items/{type}/upload, type "cadastre"): an admin
 * uploads a GeoPackage or GeoJSON as the multipart field `file`, optionally with a `mapping` field (the
 * mapping file's JSON). The file is spooled to a private temporary file, imported (progress over the
 * socket as `cadastre-import-progress`), and removed. A refused file answers 400 and imports nothing.
 * It has its own scope and multipart registration, beside the settings uploads (signature-image, avatar).
 */
export async function cadastreUploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      files: 1,
      fileSize: CADASTRE_UPLOAD_MAX_BYTES,
      fields: 2,
      fieldSize: MAPPING_MAX_BYTES,
      parts: 3,
    },
  });
  app.post(
    '/file-items/cadastre/upload',
    { preHandler: requireRole(ctx, 'ADMIN') },
    async (request, reply) => {
      if (!request.isMultipart())
        return reply
          .code(400)
          .send({ error: true, message: 'Send the file as multipart/form-data in the field "file"' });
      const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cadastre-upload-'));
      try {
        let spooled: { file: string; name: string } | null = null;
        let mappingJson: string | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname !== 'mapping')
              return reply.code(400).send({ error: true, message: `Unknown field "${part.fieldname}"` });
            mappingJson = String(part.value);
            continue;
          }
          if (part.fieldname !== 'file') {
            part.file.resume();
            return reply
              .code(400)
              .send({ error: true, message: 'The file must be sent in the field "file"' });
          }
          // The client's file name is only recorded, never used as a path.
          const file = path.join(directory, crypto.randomUUID());
          await pipeline(part.file, fs.createWriteStream(file, { mode: 0o600 }));
          if (part.file.truncated)
            return reply.code(400).send({ error: true, message: 'The file is larger than 1 GB' });
          spooled = { file, name: path.basename(part.filename || 'upload').slice(0, 200) };
        }
        if (!spooled)
          return reply.code(400).send({ error: true, message: 'No file was sent in the field "file"' });
        const result = await ctx.cadastre.importUpload({
          userId: authUser(request).id,
          file: spooled.file,
          sourceName: spooled.name,
          mappingJson,
        });
        return result;
      } catch (error) {
        if (error instanceof CadastreImportRefused)
          return reply.code(error.statusCode).send({ error: true, message: error.message });
        throw error;
      } finally {
        fs.rmSync(directory, { recursive: true, force: true });
      }
    },
  );
}
