import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AccountError } from '../../services/accounts/AccountError';

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
