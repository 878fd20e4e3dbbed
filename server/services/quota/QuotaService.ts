import type { QuotaKind } from '../../../src/contract/Subscription';

export type QuotaResult = { ok: true } | { ok: false; errorCode: string; message: string };

/**
 * Counts one use of a quota for a user. Called inside the database transaction that serves the request,
 * so the count and the answer commit together; it must never let usage exceed the plan's limit.
 */
export interface QuotaService {
  consume(userId: string, kind: QuotaKind): QuotaResult;
}
