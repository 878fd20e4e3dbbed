import type { Database } from 'better-sqlite3';
import type { Subscription } from '../../../src/contract/Subscription';
import { createSubscriptionRepository } from '../../store/subscriptions/SubscriptionRepository';
import { createUsageRepository } from '../../store/subscriptions/UsageRepository';
import { resolveSubscription } from './resolveSubscription';
import { systemClock, type Clock } from './Clock';

/**
 * The user's subscription as `GET /v1/secure/subscriptions` returns it: limits under the plan's names
 * (max_advance_search …), usage of the current period under the quota names (advance_search …);
 * null when there is no usable plan (trial over, subscription ended).
 */
export function readSubscription(
  db: Database,
  userId: string,
  clock: Clock = systemClock,
): Subscription | null {
  const subscriptions = createSubscriptionRepository(db);
  const usage = createUsageRepository(db);
  return db.transaction(() => {
    const current = resolveSubscription(subscriptions, userId, clock());
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
      usage: usage.read(userId, current.periodStart),
    };
  })();
}
