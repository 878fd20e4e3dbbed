import type { Database } from 'better-sqlite3';
import { addMonths } from '../server/services/quota/subscriptionPeriod';
import { createSubscriptionRepository } from '../server/store/sqlite/subscriptions/createSubscriptionRepository';

/** A plan no benchmark exhausts, so every page is served and counted. */
export function unlimitedPlan(db: Database, userId: string): void {
  const start = new Date(Date.now() - 60_000);
  createSubscriptionRepository(db).save({
    userId,
    planId: null,
    product: 'Benchmark',
    status: 'active',
    periodStart: start.toISOString(),
    periodEnd: addMonths(start, 1).toISOString(),
    intervalMonths: 1,
    cancelAtPeriodEnd: false,
    limits: { advance_search: 1e9, full_view: 1e9, report_download: 1e9 },
    provider: 'test',
    providerCustomerId: null,
    providerSubscriptionId: null,
  });
}
