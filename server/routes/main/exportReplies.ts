import type { FastifyReply } from 'fastify';
import type { ExportFile } from '../../services/exports/ListExports';
import { contentDisposition } from './reportRoutes';

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
