import type { FastifyReply } from 'fastify';
import { BACKGROUND_EXPORT_ABOVE } from '../../../src/contract/ExportJobs';
import type { ExportJobs, PreparedExport } from '../../services/exports/ExportJobs';
import { exportFileOf, type ExportFile } from '../../services/exports/ListExports';
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

/**
 * A counted export answered as its size asks (ADR 040): up to BACKGROUND_EXPORT_ABOVE parcels the file
 * itself; more, 202 with the background job at once (progress on the socket, then `exports/{jobId}`).
 */
export async function sendExport(
  reply: FastifyReply,
  jobs: ExportJobs,
  userId: string,
  prepared: PreparedExport,
  headers: Record<string, string> = {},
): Promise<FastifyReply> {
  if (prepared.parcels > BACKGROUND_EXPORT_ABOVE) {
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    return reply
      .code(202)
      .header('cache-control', 'no-store')
      .send(await jobs.start(userId, prepared));
  }
  return sendExportFile(reply, await exportFileOf(prepared), headers);
}
