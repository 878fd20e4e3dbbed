import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request id comes in with (from a proxy or a client) and goes back out on. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming id is taken over only when it is short and plain (letters, digits, `.`, `_`, `:`, `-`), so
 * it can neither forge log lines nor bloat them; anything else gets a fresh id.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: its sane `X-Request-Id`, else a random UUID (fastify's genReqId). */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

const current = new AsyncLocalStorage<string>();

/**
 * Runs the rest of a request's handling with its id in reach, so that services logging through the
 * app's logger (mail, push, imports) stamp their lines with it too (the logger's mixin reads it).
 */
export function runWithRequestId(requestId: string, work: () => void): void {
  current.run(requestId, work);
}

/** The id of the request whose handling is running, or undefined outside of one. */
export function currentRequestId(): string | undefined {
  return current.getStore();
}
