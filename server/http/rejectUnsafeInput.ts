import type { FastifyInstance } from 'fastify';

/**
 * Control characters no form field or query value carries: C0 except tab, line feed and carriage return
 * (multi-line texts keep those), and DEL. A NUL reaching SQLite's FTS would answer 500.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Deeper than any body this API takes; a deeper one is refused rather than walked. */
const MAX_DEPTH = 32;

/** The first unusable value in `value` as a 400 message, or null when there is none. */
export function unsafeInputMessage(value: unknown, where: string, depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${where} must be a finite number`;
  if (typeof value === 'string')
    return CONTROL_CHARACTERS.test(value) ? `${where} must not contain control characters` : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth >= MAX_DEPTH) return `${where} is nested too deeply`;
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARACTERS.test(key)) return `${where} must not contain control characters`;
    const message = unsafeInputMessage(item, `${where}.${key}`, depth + 1);
    if (message) return message;
  }
  return null;
}

/**
 * Every route, after schema validation (and ajv's type coercion, which turns `1e309` and `-Infinity`
 * into non-finite numbers): non-finite numbers and control characters anywhere in the query string,
 * path parameters or parsed body answer 400 in the spec's `{error, message}` shape.
 */
export function rejectUnsafeInput(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    const message =
      unsafeInputMessage(request.params, 'params') ??
      unsafeInputMessage(request.query, 'querystring') ??
      unsafeInputMessage(request.body, 'body');
    if (message) return reply.code(400).send({ error: true, message });
  });
}
