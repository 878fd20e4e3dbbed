import type { FastifyReply } from 'fastify';
import type { SearchResponse } from '../../../../src/contract/Parcel';
import type { QuotaKind } from '../../../../src/contract/Subscription';
import type { AppContext } from '../../../AppContext';

export const EMPTY_SEARCH: SearchResponse = {
  hits: { hits: [], total: { value: 0, relation: 'eq' } },
  aggregations: { byLocation: { buckets: [] } },
  error: false,
};

/** HTTP status for a used-up plan quota: never 403, which the client treats as "log out". */
export const QUOTA_DENIED_STATUS = 402;

/** A request refused by the plan: 402 with the spec's error fields (and `message`, which replies translate). */
export function sendQuotaDenied(
  reply: FastifyReply,
  { errorCode, message }: { errorCode: string; message: string },
): FastifyReply {
  return reply.code(QUOTA_DENIED_STATUS).send({ error: true, errorCode, errorMessage: message, message });
}

export interface QuotaDenial {
  error: true;
  errorCode: string;
  errorMessage: string;
}

/**
 * Counts one advanced search or full view for the user. Call it inside the db.transaction that serves
 * the request, so the count and the answer commit (or roll back) together. With `distinctKey` a request
 * already counted this period is free (see QuotaService.consume). Returns null when allowed,
 * else the error fields both routes answer with.
 */
export async function quotaDenial(
  ctx: AppContext,
  userId: string,
  kind: QuotaKind,
  distinctKey?: string,
): Promise<QuotaDenial | null> {
  const result = await ctx.quota.consume(userId, kind, distinctKey);
  if (result.ok) return null;
  return { error: true, errorCode: result.errorCode, errorMessage: result.message };
}
