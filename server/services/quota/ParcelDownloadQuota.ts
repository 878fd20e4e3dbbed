import type { EventEmitter } from 'node:events';
import { LIMIT_REACHED_CODES } from '../../../src/contract/Subscription';
import type { Stores } from '../../store/Stores';
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
  consume(userId: string, prcId: string): QuotaResult;
  /**
   * Whether a download of the parcel would be allowed now, without counting it, so a token can be
   * refused with the plan's message before a tab opens.
   */
  check(userId: string, prcId: string): QuotaResult;
}

export interface ParcelDownloadQuotaOptions extends Pick<
  Stores,
  'subscriptions' | 'usage' | 'parcelDownloads' | 'unitOfWork'
> {
  events: EventEmitter;
  clock?: Clock;
}

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
    consume(userId, prcId) {
      const counted = unitOfWork((): QuotaResult | 'free' | 'counted' => {
        const now = clock();
        const subscription = resolveSubscription(subscriptions, userId, now);
        if (!subscription) return refused(NO_ACTIVE_PLAN_MESSAGE);
        const { periodStart, limits } = subscription;
        if (parcelDownloads.has(userId, periodStart, prcId)) return 'free';
        if (!usage.tryIncrement(userId, periodStart, 'report_download', limits.report_download))
          return refused(LIMIT_REACHED_MESSAGES.report_download);
        parcelDownloads.record(userId, periodStart, prcId, now.toISOString());
        return 'counted';
      });
      if (typeof counted === 'object') return counted;
      // Deferred so listeners (the socket push) read the count after the caller's transaction commits.
      if (counted === 'counted') setImmediate(() => events.emit('usage-changed', { userId }));
      return { ok: true };
    },
    check(userId, prcId) {
      return unitOfWork(() => {
        const subscription = resolveSubscription(subscriptions, userId, clock());
        if (!subscription) return refused(NO_ACTIVE_PLAN_MESSAGE);
        if (parcelDownloads.has(userId, subscription.periodStart, prcId)) return { ok: true };
        const used = usage.read(userId, subscription.periodStart).report_download;
        return used < subscription.limits.report_download
          ? { ok: true }
          : refused(LIMIT_REACHED_MESSAGES.report_download);
      });
    },
  };
}
