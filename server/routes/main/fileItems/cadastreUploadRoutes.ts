import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../AppContext';
import { authUser, requireRole } from '../../../http/requireRole';
import {
  CadastreImportRefused,
  formatReason,
  NOTHING_IMPORTED_KEY,
} from '../../../services/cadastre/CadastreImportService';
import { languageOf } from '../../../services/i18n/ServerTranslator';

const MAPPING_MAX_BYTES = 64 * 1024;

/**
 * POST /v1/secure/file-items/cadastre/upload (spec §7 file-items/{type}/upload, type "cadastre"): an admin
 * uploads a GeoPackage, GeoJSON or zipped Shapefile as the multipart field `file`, optionally with a `mapping` field (the
 * mapping file's JSON) and, for a file holding the survey's land cover, the buildings register's public CSV
 * extract as the file field `register` (ADR 045). The file is spooled to a private temporary file, imported (progress over the
 * socket as `cadastre-import-progress`), and removed. A refused file answers 400 and imports nothing.
 * It has its own scope and multipart registration, beside the settings uploads (signature-image, avatar).
 */
export async function cadastreUploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      // The survey file and the buildings register's extract.
      files: 2,
      // A cantonal survey GeoPackage is a few hundred MB at most; CADASTRE_MAX_UPLOAD_MB sets the limit.
      fileSize: ctx.config.cadastreMaxUploadMb * 1024 * 1024,
      fields: 2,
      fieldSize: MAPPING_MAX_BYTES,
      parts: 4,
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
        let registerFile: string | undefined;
        let mappingJson: string | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname !== 'mapping')
              return reply.code(400).send({ error: true, message: `Unknown field "${part.fieldname}"` });
            mappingJson = String(part.value);
            continue;
          }
          if (part.fieldname !== 'file' && part.fieldname !== 'register') {
            part.file.resume();
            return reply.code(400).send({
              error: true,
              message:
                'The file must be sent in the field "file" (and a buildings register extract in "register")',
            });
          }
          // The client's file name is only recorded, never used as a path.
          const file = path.join(directory, crypto.randomUUID());
          await pipeline(part.file, fs.createWriteStream(file, { mode: 0o600 }));
          if (part.file.truncated)
            return reply.code(413).send({
              error: true,
              message: ctx.translator.format(
                languageOf(request.headers.langcode),
                'server.cadastre.uploadTooLarge',
                {
                  megabytes: ctx.config.cadastreMaxUploadMb,
                },
              ),
            });
          if (part.fieldname === 'register') registerFile = file;
          else spooled = { file, name: path.basename(part.filename || 'upload').slice(0, 200) };
        }
        if (!spooled)
          return reply.code(400).send({ error: true, message: 'No file was sent in the field "file"' });
        const result = await ctx.cadastre.importUpload({
          userId: authUser(request).id,
          file: spooled.file,
          sourceName: spooled.name,
          mappingJson,
          registerFile,
        });
        return result;
      } catch (error) {
        if (error instanceof CadastreImportRefused)
          return reply
            .code(error.statusCode)
            .send({ error: true, message: refusalMessage(ctx, request, error) });
        throw error;
      } finally {
        fs.rmSync(directory, { recursive: true, force: true });
      }
    },
  );
}

/** A refused file's message in the caller's language: the reason translated when the catalogue has it. */
function refusalMessage(ctx: AppContext, request: FastifyRequest, error: CadastreImportRefused): string {
  const language = languageOf(request.headers.langcode);
  if (error.whole) return formatReason(ctx.translator, language, error.whole);
  if (!error.detail) return error.message;
  const { english, reason } = error.detail;
  const text = reason ? formatReason(ctx.translator, language, reason) : english;
  return ctx.translator.format(language, NOTHING_IMPORTED_KEY, { reason: text });
}
