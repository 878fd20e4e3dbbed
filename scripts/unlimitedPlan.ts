import type { Storage } from '../server/store/contract/Storage';
import { addMonths } from '../server/services/quota/subscriptionPeriod';

/** A plan no benchmark exhausts, so every page is served and counted. */
export async function unlimitedPlan(storage: Storage, userId: string): Promise<void> {
  const start = new Date(Date.now() - 60_000);
  await storage.stores.subscriptions.save({
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
