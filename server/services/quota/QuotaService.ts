import type { EventEmitter } from 'node:events';
import { LIMIT_REACHED_CODES, type QuotaKind, type Subscription } from '../../../src/contract/Subscription';
import type { Stores } from '../../store/contract/Stores';
import { resolveSubscription, systemClock, type Clock } from './subscriptionPeriod';

export type QuotaResult = { ok: true } | { ok: false; errorCode: string; message: string };

/**
 * Counts one use of a quota for a user. Called inside the unit of work that serves the request, so the
 * count and the answer commit together; it must never let usage exceed the plan's limit.
 */
export interface QuotaService {
  /**
   * Counts one use. With `distinctKey` (an advanced search's filter fingerprint) a key already counted in
   * this period is free: the same search counts once per period however often it is paged or repeated.
   */
  consume(userId: string, kind: QuotaKind, distinctKey?: string): Promise<QuotaResult>;
}

/** Quota counting of answers that hold many counted things at once (an API page of parcels). */
export interface BatchQuotaService {
  /**
   * Counts one use per key not yet counted this period (each parcel of an API answer as a full view), all
   * or none: when the new keys would pass the limit, nothing is counted and the answer is refused.
   */
  consumeEach(userId: string, kind: QuotaKind, keys: string[]): Promise<QuotaResult>;
}

/** The user's plan, limits and usage of this period, as `GET /v1/secure/subscriptions` answers. */
export interface SubscriptionReader {
  current(userId: string): Promise<Subscription | null>;
}

/** The English refusal texts per quota (the client appends 'Check your Plan and upgrade to receive more limits'). */
export const LIMIT_REACHED_MESSAGES: Record<QuotaKind, string> = {
  advance_search: 'You have reached the advanced search limit of your plan',
  full_view: 'You have reached the full view limit of your plan',
  report_download: 'You have reached the report download limit of your plan',
};

/** Refusal text when there is no current plan at all (trial over, subscription ended). */
export const NO_ACTIVE_PLAN_MESSAGE = 'You have no active plan. Please choose a plan to continue';

/** Emitted on ctx.events with a {@link QuotaThreshold} when a use brings a quota to 80 % or 100 % of its limit. */
export const QUOTA_THRESHOLD_REACHED = 'quota-threshold';

export interface QuotaThreshold {
  userId: string;
  kind: QuotaKind;
  percent: 80 | 100;
  used: number;
  limit: number;
}

/**
 * Which threshold the use that made the count `used` crossed: 100 when it reached the limit, 80 when it
 * reached 80 % of it (rounded up), else null. Counts rise one by one, so each threshold is crossed once a
 * period; with a limit so small that 80 % rounds up to the limit, only 100 is told.
 */
export function quotaThreshold(used: number, limit: number): 80 | 100 | null {
  if (limit <= 0) return null;
  if (used === limit) return 100;
  if (used === Math.ceil(limit * 0.8)) return 80;
  return null;
}

/** The repositories quotas are counted in. */
export type QuotaStores = Pick<Stores, 'subscriptions' | 'usage' | 'unitOfWork'>;

export interface QuotaServiceOptions extends QuotaStores {
  events: EventEmitter;
  clock?: Clock;
}

/**
 * Plan quotas backed by the subscriptions and usage repositories. `consume` opens a unit of work, which
 * joins the caller's (a savepoint): the count commits (or rolls back) with the request it counts.
 */
export function createQuotaService({
  subscriptions,
  usage,
  unitOfWork,
  events,
  clock = systemClock,
}: QuotaServiceOptions): QuotaService & BatchQuotaService {
  /** The user's current period and limit of `kind`, or null without an active plan. */
  const planFor = async (userId: string, kind: QuotaKind) => {
    const subscription = await resolveSubscription(subscriptions, userId, clock());
    return subscription ? { periodStart: subscription.periodStart, limit: subscription.limits[kind] } : null;
  };
  const noActivePlan = (kind: QuotaKind): QuotaResult => ({
    ok: false,
    errorCode: LIMIT_REACHED_CODES[kind],
    message: NO_ACTIVE_PLAN_MESSAGE,
  });
  /** `counted`: whether this call added to the usage (a repeated distinct request does not). */
  const consume = (
    userId: string,
    kind: QuotaKind,
    distinctKey?: string,
  ): Promise<QuotaResult & { counted?: boolean; threshold?: QuotaThreshold }> =>
    unitOfWork(async (): Promise<QuotaResult & { counted?: boolean; threshold?: QuotaThreshold }> => {
      const plan = await planFor(userId, kind);
      if (!plan) return noActivePlan(kind);
      const { periodStart, limit } = plan;
      if (distinctKey !== undefined && !(await usage.recordDistinct(userId, periodStart, kind, distinctKey)))
        return { ok: true, counted: false };
      if (!(await usage.tryIncrement(userId, periodStart, kind, limit))) {
        if (distinctKey !== undefined) await usage.forgetDistinct(userId, periodStart, kind, distinctKey);
        return { ok: false, errorCode: LIMIT_REACHED_CODES[kind], message: LIMIT_REACHED_MESSAGES[kind] };
      }
      const used = (await usage.read(userId, periodStart))[kind];
      const percent = quotaThreshold(used, limit);
      return percent === null
        ? { ok: true, counted: true }
        : { ok: true, counted: true, threshold: { userId, kind, percent, used, limit } };
    });
  const consumeEach = (
    userId: string,
    kind: QuotaKind,
    keys: string[],
  ): Promise<QuotaResult & { counted?: boolean; threshold?: QuotaThreshold }> =>
    unitOfWork(async (): Promise<QuotaResult & { counted?: boolean; threshold?: QuotaThreshold }> => {
      const plan = await planFor(userId, kind);
      if (!plan) return noActivePlan(kind);
      const { periodStart, limit } = plan;
      const fresh = keys.length === 0 ? [] : await usage.recordDistinctMany(userId, periodStart, kind, keys);
      if (fresh.length === 0) return { ok: true, counted: false };
      const before = (await usage.read(userId, periodStart))[kind];
      if (!(await usage.tryIncrementBy(userId, periodStart, kind, fresh.length, limit))) {
        await usage.forgetDistinctMany(userId, periodStart, kind, fresh);
        return { ok: false, errorCode: LIMIT_REACHED_CODES[kind], message: LIMIT_REACHED_MESSAGES[kind] };
      }
      const used = before + fresh.length;
      // The highest threshold this batch crossed (a batch may cross 80 % and 100 % at once).
      const eighty = Math.ceil(limit * 0.8);
      const percent = used >= limit && before < limit ? 100 : used >= eighty && before < eighty ? 80 : null;
      return percent !== null
        ? { ok: true, counted: true, threshold: { userId, kind, percent, used, limit } }
        : { ok: true, counted: true };
    });
  /** Deferred so listeners (the socket push) read the count after the caller's transaction commits. */
  const settle = (
    userId: string,
    { counted, threshold, ...result }: QuotaResult & { counted?: boolean; threshold?: QuotaThreshold },
  ): QuotaResult => {
    if (counted)
      setImmediate(() => {
        events.emit('usage-changed', { userId });
        if (threshold) events.emit(QUOTA_THRESHOLD_REACHED, threshold);
      });
    return result as QuotaResult;
  };
  return {
    consume: async (userId, kind, distinctKey) => settle(userId, await consume(userId, kind, distinctKey)),
    consumeEach: async (userId, kind, keys) => settle(userId, await consumeEach(userId, kind, keys)),
  };
}

/**
 * The user's subscription as `GET /v1/secure/subscriptions` returns it: limits under the plan's names
 * (max_advance_search …), usage of the current period under the quota names (advance_search …);
 * null when there is no usable plan (trial over, subscription ended).
 */
export function readSubscription(
  { subscriptions, usage, unitOfWork }: QuotaStores,
  userId: string,
  clock: Clock = systemClock,
): Promise<Subscription | null> {
  return unitOfWork(async (): Promise<Subscription | null> => {
    const current = await resolveSubscription(subscriptions, userId, clock());
    if (!current) return null;
    return {
      status: current.status,
      end: current.periodEnd,
      cancelAtPeriodEnd: current.cancelAtPeriodEnd,
      plan: {
        product: current.product,
        limits: {
          max_advance_search: current.limits.advance_search,
          max_full_view: current.limits.full_view,
          max_report_download: current.limits.report_download,
        },
      },
      usage: await usage.read(userId, current.periodStart),
    };
  });
}

export function createSubscriptionReader(
  stores: QuotaStores,
  clock: Clock = systemClock,
): SubscriptionReader {
  return { current: (userId) => readSubscription(stores, userId, clock) };
}
