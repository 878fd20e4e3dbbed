import type { SubscriptionRecord } from '../../store/subscriptions/SubscriptionRepository';
import { addMonths } from './addMonths';

/** Statuses in which the plan's quotas may be used. */
const USABLE_STATUSES = new Set(['trialing', 'active', 'past_due']);

/**
 * The subscription as it stands at `now`: unchanged while inside its period; moved to the period that
 * contains `now` when it renews (active, not cancelling, with an interval), which starts a fresh usage
 * count; null when it has ended or its status allows no use. Renewing locally keeps quotas working if a
 * provider's renewal webhook is late; the webhook then sets the provider's exact period.
 */
export function currentPeriod(record: SubscriptionRecord, now: Date): SubscriptionRecord | null {
  if (!USABLE_STATUSES.has(record.status)) return null;
  if (now.getTime() < Date.parse(record.periodEnd)) return record;
  if (record.status !== 'active' || record.cancelAtPeriodEnd || record.intervalMonths <= 0) return null;
  const anchor = new Date(record.periodStart);
  let periods = 1;
  while (addMonths(anchor, periods * record.intervalMonths).getTime() <= now.getTime()) periods += 1;
  return {
    ...record,
    periodStart: addMonths(anchor, (periods - 1) * record.intervalMonths).toISOString(),
    periodEnd: addMonths(anchor, periods * record.intervalMonths).toISOString(),
  };
}
