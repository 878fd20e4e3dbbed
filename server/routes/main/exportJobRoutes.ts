import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../AppContext';
import { authUser, requireRole } from '../../http/requireRole';
import { ExportJobError } from '../../services/exports/ExportJobs';
import { contentDisposition } from './reportRoutes';

/** A job id as the server makes them (a UUID); anything else is refused by the schema with a 400. */
const jobParams = {
  type: 'object',
  required: ['jobId'],
  additionalProperties: false,
  properties: {
    jobId: {
      type: 'string',
      pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
    },
  },
} as const;

function exportJobErrorHandler(
  error: FastifyError | ExportJobError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!(error instanceof ExportJobError)) throw error;
  return reply.code(error.status).send({ error: true, message: error.message });
}

/**
 * A background export (ADR 040) for its owner only: `exports/{jobId}/status` (what the socket pushes, for a
 * browser back after a drop) and `exports/{jobId}/download` (the finished file until it expires).
 * Another user's job is answered as an unknown one (404, its existence is not told); an expired or failed
 * one 404 as well, a running one's download 409.
 */
export async function exportJobRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.setErrorHandler(exportJobErrorHandler);
  const mapUser = { preHandler: requireRole(ctx), schema: { params: jobParams } };

  app.get<{ Params: { jobId: string } }>('/exports/:jobId/status', mapUser, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ctx.exportJobs.status(authUser(request).id, request.params.jobId);
  });

  app.get<{ Params: { jobId: string } }>('/exports/:jobId/download', mapUser, async (request, reply) => {
    const file = await ctx.exportJobs.download(authUser(request).id, request.params.jobId);
    reply.header('cache-control', 'no-store');
    reply.header('content-disposition', contentDisposition('attachment', file.fileName));
    return reply.type(file.contentType).send(file.body);
  });
}
