import type { Database } from 'better-sqlite3';
import type { EventEmitter } from 'node:events';
import { LIMIT_REACHED_CODES } from '../../../src/contract/Subscription';
import type { QuotaService } from './QuotaService';
import { createSubscriptionRepository } from '../../store/subscriptions/SubscriptionRepository';
import { createUsageRepository } from '../../store/subscriptions/UsageRepository';
import { LIMIT_REACHED_MESSAGES, NO_ACTIVE_PLAN_MESSAGE } from './LIMIT_REACHED_MESSAGES';
import { resolveSubscription } from './resolveSubscription';
import { systemClock, type Clock } from './Clock';

export interface QuotaServiceOptions {
  db: Database;
  events: EventEmitter;
  clock?: Clock;
}

/**
 * Plan quotas backed by the subscriptions and usage tables. `consume` opens a transaction, which
 * better-sqlite3 nests as a savepoint inside the caller's transaction: the count commits (or rolls back)
 * with the request it counts.
 */
export function createQuotaService({ db, events, clock = systemClock }: QuotaServiceOptions): QuotaService {
  const subscriptions = createSubscriptionRepository(db);
  const usage = createUsageRepository(db);
  const consume = db.transaction((userId: string, kind: keyof typeof LIMIT_REACHED_CODES) => {
    const subscription = resolveSubscription(subscriptions, userId, clock());
    if (!subscription)
      return { ok: false as const, errorCode: LIMIT_REACHED_CODES[kind], message: NO_ACTIVE_PLAN_MESSAGE };
    if (!usage.tryIncrement(userId, subscription.periodStart, kind, subscription.limits[kind])) {
      return {
        ok: false as const,
        errorCode: LIMIT_REACHED_CODES[kind],
        message: LIMIT_REACHED_MESSAGES[kind],
      };
    }
    return { ok: true as const };
  });
  return {
    consume(userId, kind) {
      const result = consume(userId, kind);
      // Deferred so listeners (the socket push) read the count after the caller's transaction commits.
      if (result.ok) setImmediate(() => events.emit('usage-changed', { userId }));
      return result;
    },
  };
}
