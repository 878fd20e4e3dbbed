import type { QuotaKind } from '../../../src/contract/Subscription';
import type {
  SubscriptionRecord,
  SubscriptionRepository,
} from '../../store/contract/subscriptions/SubscriptionRepository';

/** The current time; injected so tests can move between periods. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * The same day and time `months` later in UTC, clamped to the month's last day (31 Jan + 1 → 28/29 Feb),
 * the way providers bill monthly subscriptions.
 */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      target.getUTCFullYear(),
      target.getUTCMonth(),
      Math.min(from.getUTCDate(), lastDay),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

/**
 * What a new account gets before it buys a plan (a product decision, see docs/features.md): 14 days with a
 * small allowance, enough to try every feature, created on the first quota use or subscription read.
 */
export const TRIAL_ALLOWANCE: { days: number; product: string; limits: Record<QuotaKind, number> } = {
  days: 14,
  product: 'Trial',
  limits: { advance_search: 10, full_view: 10, report_download: 2 },
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The trial subscription a user gets when they have never had one. */
export function trialRecord(userId: string, now: Date): SubscriptionRecord {
  return {
    userId,
    planId: null,
    product: TRIAL_ALLOWANCE.product,
    status: 'trialing',
    periodStart: now.toISOString(),
    periodEnd: new Date(now.getTime() + TRIAL_ALLOWANCE.days * DAY_MS).toISOString(),
    intervalMonths: 0,
    cancelAtPeriodEnd: false,
    limits: { ...TRIAL_ALLOWANCE.limits },
    provider: 'trial',
    providerCustomerId: null,
    providerSubscriptionId: null,
  };
}

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

/**
 * The user's usable subscription at `now`, or null. Creates the trial on first contact and stores a
 * renewed period, so call it inside the transaction that uses the answer.
 */
export async function resolveSubscription(
  subscriptions: SubscriptionRepository,
  userId: string,
  now: Date,
): Promise<SubscriptionRecord | null> {
  const known = await subscriptions.byUser(userId);
  // First contact: the trial, unless another request created the user's row meanwhile (then theirs).
  const stored = known ?? (await subscriptions.createIfAbsent(trialRecord(userId, now)));
  const current = currentPeriod(stored, now);
  if (current && current.periodStart !== stored.periodStart) await subscriptions.save(current);
  return current;
}
