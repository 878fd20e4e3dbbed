import type { SubscriptionRepository, SubscriptionRecord } from '../../store/subscriptions/SubscriptionRepository';
import { currentPeriod } from './currentPeriod';
import { trialRecord } from './trialRecord';

/**
 * The user's usable subscription at `now`, or null. Creates the trial on first contact and stores a
 * renewed period, so call it inside the transaction that uses the answer.
 */
export function resolveSubscription(
  subscriptions: SubscriptionRepository,
  userId: string,
  now: Date,
): SubscriptionRecord | null {
  const stored = subscriptions.byUser(userId);
  if (!stored) {
    const trial = trialRecord(userId, now);
    subscriptions.save(trial);
    return trial;
  }
  const current = currentPeriod(stored, now);
  if (current && current.periodStart !== stored.periodStart) subscriptions.save(current);
  return current;
}
