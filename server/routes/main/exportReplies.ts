import type { FastifyReply } from 'fastify';
import type { ExportFile } from '../../services/exports/ListExports';
import type { QuotaResult } from '../../services/quota/QuotaService';
import { QUOTA_DENIED_STATUS } from './parcels/parcelReplies';
import { contentDisposition } from './reportRoutes';

/** A bulk export refused by the plan: 402 with the spec's error fields. */
export function sendExportDenied(
  reply: FastifyReply,
  denied: Exclude<QuotaResult, { ok: true }>,
): FastifyReply {
  const { errorCode, message } = denied;
  return reply.code(QUOTA_DENIED_STATUS).send({ error: true, errorCode, errorMessage: message, message });
}

/** A bulk export as a download that is never cached, with any extra answer headers. */
export function sendExportFile(
  reply: FastifyReply,
  file: ExportFile,
  headers: Record<string, string> = {},
): FastifyReply {
  reply.header('cache-control', 'no-store');
  reply.header('content-disposition', contentDisposition('attachment', file.fileName));
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.type(file.contentType).send(file.body);
}
