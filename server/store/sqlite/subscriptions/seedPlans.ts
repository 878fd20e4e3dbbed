import type { Database } from 'better-sqlite3';
import { PLAN_CATALOGUE } from '../../contract/subscriptions/planCatalogue';

/**
 * Inserts or refreshes the catalogue's plans. Idempotent: runs in the migration (so every fresh database,
 * tests included, has plans) and again at start (so a changed catalogue reaches existing databases).
 */
export function seedPlans(db: Database): void {
  const upsert = db.prepare(`
    INSERT INTO plans (id, name, details, amount_cents, currency, tax_perc, interval, interval_count,
      max_advance_search, max_full_view, max_report_download, provider_plan_id, lookup_key, sort_order, active)
    VALUES (@id, @name, @details, @amountCents, 'CHF', 0, 'month', 1,
      @maxAdvanceSearch, @maxFullView, @maxReportDownload, @providerPlanId, @lookupKey, @sortOrder, 1)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, details = excluded.details,
      amount_cents = excluded.amount_cents, max_advance_search = excluded.max_advance_search,
      max_full_view = excluded.max_full_view, max_report_download = excluded.max_report_download,
      provider_plan_id = excluded.provider_plan_id, lookup_key = excluded.lookup_key,
      sort_order = excluded.sort_order, active = 1`);
  db.transaction(() => {
    PLAN_CATALOGUE.forEach((plan, sortOrder) => upsert.run({ ...plan, sortOrder }));
  })();
}
