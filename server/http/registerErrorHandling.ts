import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import { AccountError } from '../services/accounts/AccountError';
import { DISK_FULL_MESSAGE, isDiskFull, type DiskWatch } from '../operations/diskFull';

const API_PREFIXES = ['/api/', '/v1/', '/ogc/', '/profile', '/healthz', '/readyz', '/socket.io/'];

/**
 * The response schema of an error reply, for routes that declare theirs (a schema drops every property it
 * does not name): `{error, message}` and the request's id.
 */
export const ERROR_REPLY_SCHEMA = {
  type: 'object',
  properties: { error: { type: 'boolean' }, message: { type: 'string' }, requestId: { type: 'string' } },
} as const;

function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
}

function wantsHtml(request: FastifyRequest): boolean {
  return request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
}

/** Turns ajv's wording into one readable sentence: "page must be >= 1". */
export function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const field =
    first.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(first.params?.missingProperty ?? '');
  const where = error.validationContext ? `${error.validationContext} ` : '';
  return first.keyword === 'required'
    ? `${where}field ${field} is required`.trim()
    : `${where}${field ? `${field} ` : ''}${first.message ?? 'is invalid'}`.trim();
}

/**
 * A dependency is down (DatabaseUnavailableError: the database connection is lost and could not be made
 * again): 503 with the error's message and Retry-After, logged as a warning with the reason, not a stack.
 */
function unavailable(
  error: FastifyError & { retryAfterSeconds?: number; reason?: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  request.log.warn({ reason: error.reason ?? error.message }, 'service unavailable');
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(503).send({ error: true, message: error.message });
}

/**
 * Bad input → 400 {error, message}; known client errors keep their status; a lost database → 503 (try
 * again); anything else → 500 with a generic message (the stack stays in the log). Unknown GETs that ask for HTML get the SPA's index.html
 * (history-mode routing); unknown API paths get a JSON 404.
 */
export function registerErrorHandling(app: FastifyInstance, distDir: string, disk?: DiskWatch): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDiskFull(error)) {
      disk?.noteFull();
      request.log.error({ code: error.code }, 'disk full');
      return reply.code(503).header('retry-after', '60').send({ error: true, message: DISK_FULL_MESSAGE });
    }
    if (error.validation) {
      return reply.code(400).send({ error: true, message: validationMessage(error) });
    }
    if (error.statusCode === 503) return unavailable(error, request, reply);
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ error: true, message: 'Internal server error' });
    }
    return reply.code(status).send({ error: true, message: error.message });
  });

  const indexFile = path.join(distDir, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    if (wantsHtml(request) && !isApiPath(request.url) && fs.existsSync(indexFile)) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(fs.readFileSync(indexFile));
    }
    return reply
      .code(404)
      .send({ error: true, message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}

/**
 * Answers an AccountError with its status, `{error: true, message}` plus its extra fields and a
 * Retry-After header when rate-limited; anything else goes on to the app's error handler.
 */
export function accountErrorHandler(
  error: FastifyError | AccountError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!(error instanceof AccountError)) throw error;
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.statusCode).send({ ...error.extra, error: true, message: error.message });
}
