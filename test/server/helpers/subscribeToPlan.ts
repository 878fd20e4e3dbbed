import type { Database } from 'better-sqlite3';
import { addMonths } from '../../../server/services/quota/subscriptionPeriod';
import { createPlanRepository } from '../../../server/store/sqlite/subscriptions/createPlanRepository';
import { createSubscriptionRepository } from '../../../server/store/sqlite/subscriptions/createSubscriptionRepository';

/** An active one-month subscription to a catalogue plan from `start`, with the plan's limits. */
export function subscribeToPlan(db: Database, userId: string, planId: string, start: Date): void {
  const plan = createPlanRepository(db).byId(planId)!;
  createSubscriptionRepository(db).save({
    userId,
    planId,
    product: plan.name,
    status: 'active',
    periodStart: start.toISOString(),
    periodEnd: addMonths(start, 1).toISOString(),
    intervalMonths: 1,
    cancelAtPeriodEnd: false,
    limits: {
      advance_search: plan.limits.max_advance_search,
      full_view: plan.limits.max_full_view,
      report_download: plan.limits.max_report_download,
    },
    provider: 'test',
    providerCustomerId: null,
    providerSubscriptionId: null,
  });
}
