import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER, runWithRequestId } from '../logging/requestContext';

/** An error reply's body: `{error: true, message}` (spec §7) or any object a route answers a 4xx/5xx with. */
function isErrorBody(payload: unknown): payload is Record<string, unknown> {
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload);
}

/**
 * Every reply carries its request's id in `X-Request-Id`, and every JSON error reply also in its body
 * (`requestId`), so a user can quote it and support finds the request's log lines by it. The handling of
 * the request runs with the id in reach of the logger (requestContext).
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    runWithRequestId(request.id, done);
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 400 || !isErrorBody(payload)) return payload;
    return { ...payload, requestId: request.id };
  });
}
