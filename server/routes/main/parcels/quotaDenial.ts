import type { QuotaKind } from '../../../../src/contract/Subscription';
import type { AppContext } from '../../../AppContext';

/** HTTP status for a used-up plan quota: never 403, which the client treats as "log out". */
export const QUOTA_DENIED_STATUS = 402;

export interface QuotaDenial {
  error: true;
  errorCode: string;
  errorMessage: string;
}

/**
 * Counts one advanced search or full view for the user. Call it inside the db.transaction that serves
 * the request, so the count and the answer commit (or roll back) together. Returns null when allowed,
 * else the error fields both routes answer with.
 */
export function quotaDenial(ctx: AppContext, userId: string, kind: QuotaKind): QuotaDenial | null {
  const result = ctx.quota.consume(userId, kind);
  if (result.ok) return null;
  return { error: true, errorCode: result.errorCode, errorMessage: result.message };
}
