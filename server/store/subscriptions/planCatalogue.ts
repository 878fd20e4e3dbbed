import type { Database } from 'better-sqlite3';

/** One plan as the catalogue defines it (spec §9: monthly, tax 0 %, prices in CHF). */
export interface CataloguePlan {
  id: string;
  name: string;
  details: string;
  amountCents: number;
  maxAdvanceSearch: number;
  maxFullView: number;
  maxReportDownload: number;
  lookupKey: string;
  providerPlanId: string;
}

/** The three plans of spec §9, in display order. */
export const PLAN_CATALOGUE: readonly CataloguePlan[] = [
  {
    id: 'basic',
    name: 'Basic Plan',
    details:
      'For occasional research: 150 advanced searches, 150 full views and 20 report downloads a month.',
    amountCents: 2990,
    maxAdvanceSearch: 150,
    maxFullView: 150,
    maxReportDownload: 20,
    lookupKey: 'basic_monthly',
    providerPlanId: 'price_basic_monthly',
  },
  {
    id: 'standard',
    name: 'Standard Plan',
    details: 'For regular work: 350 advanced searches, 350 full views and 50 report downloads a month.',
    amountCents: 5990,
    maxAdvanceSearch: 350,
    maxFullView: 350,
    maxReportDownload: 50,
    lookupKey: 'standard_monthly',
    providerPlanId: 'price_standard_monthly',
  },
  {
    id: 'premium',
    name: 'Premium Plan',
    details:
      'For teams and heavy use: 750 advanced searches, 750 full views and 100 report downloads a month.',
    amountCents: 11990,
    maxAdvanceSearch: 750,
    maxFullView: 750,
    maxReportDownload: 100,
    lookupKey: 'premium_monthly',
    providerPlanId: 'price_premium_monthly',
  },
];

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
