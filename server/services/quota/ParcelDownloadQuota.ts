import type { EventEmitter } from 'node:events';
import { LIMIT_REACHED_CODES } from '../../../src/contract/Subscription';
import type { Stores } from '../../store/contract/Stores';
import { LIMIT_REACHED_MESSAGES, NO_ACTIVE_PLAN_MESSAGE, type QuotaResult } from './QuotaService';
import { resolveSubscription, systemClock, type Clock } from './subscriptionPeriod';

/**
 * The report-download quota, counted once per parcel and period: the first report or export of a
 * parcel in the period counts one `report_download`; later ones of the same parcel in the same period
 * (re-downloads, another language, another format) are free.
 */
export interface ParcelDownloadQuota {
  /**
   * Counts the download if it is the parcel's first in the period. Call it inside the unit of work that
   * serves the file: the count, the parcel's record and the answer commit together, and the conditional
   * UPDATE of the usage counter never lets the count pass the limit.
   */
  consume(userId: string, prcId: string): Promise<QuotaResult>;
  /**
   * Whether a download of the parcel would be allowed now, without counting it, so a token can be
   * refused with the plan's message before a tab opens.
   */
  check(userId: string, prcId: string): Promise<QuotaResult>;
}

export interface ParcelDownloadQuotaOptions extends Pick<
  Stores,
  'subscriptions' | 'usage' | 'parcelDownloads' | 'unitOfWork'
> {
  events: EventEmitter;
  clock?: Clock;
}

/** Rolls back the parcel's record when the counter is at its limit (the unit then answers the refusal). */
class LimitReached extends Error {}

const refused = (message: string): QuotaResult => ({
  ok: false,
  errorCode: LIMIT_REACHED_CODES.report_download,
  message,
});

export function createParcelDownloadQuota({
  subscriptions,
  usage,
  parcelDownloads,
  unitOfWork,
  events,
  clock = systemClock,
}: ParcelDownloadQuotaOptions): ParcelDownloadQuota {
  return {
    async consume(userId, prcId) {
      // The record comes first: of concurrent first downloads of a parcel exactly one inserts it (the
      // others find it taken and are free), and only that one counts.
      const counted = await unitOfWork(async (): Promise<QuotaResult | 'free' | 'counted'> => {
        const now = clock();
        const subscription = await resolveSubscription(subscriptions, userId, now);
        if (!subscription) return refused(NO_ACTIVE_PLAN_MESSAGE);
        const { periodStart, limits } = subscription;
        if (!(await parcelDownloads.record(userId, periodStart, prcId, now.toISOString()))) return 'free';
        if (!(await usage.tryIncrement(userId, periodStart, 'report_download', limits.report_download)))
          throw new LimitReached();
        return 'counted';
      }).catch((error: unknown) => {
        if (error instanceof LimitReached) return refused(LIMIT_REACHED_MESSAGES.report_download);
        throw error;
      });
      if (typeof counted === 'object') return counted;
      // Deferred so listeners (the socket push) read the count after the caller's transaction commits.
      if (counted === 'counted') setImmediate(() => events.emit('usage-changed', { userId }));
      return { ok: true };
    },
    check(userId, prcId) {
      return unitOfWork(async (): Promise<QuotaResult> => {
        const subscription = await resolveSubscription(subscriptions, userId, clock());
        if (!subscription) return refused(NO_ACTIVE_PLAN_MESSAGE);
        if (await parcelDownloads.has(userId, subscription.periodStart, prcId)) return { ok: true };
        const used = (await usage.read(userId, subscription.periodStart)).report_download;
        return used < subscription.limits.report_download
          ? { ok: true }
          : refused(LIMIT_REACHED_MESSAGES.report_download);
      });
    },
  };
}
