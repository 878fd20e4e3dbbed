import type { SubscriptionRecord } from '../../store/subscriptions/SubscriptionRepository';
import { TRIAL_ALLOWANCE } from './TRIAL_ALLOWANCE';

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
