import { toPlan, type PlanRepository, type PlanRow } from '../../contract/subscriptions/PlanRepository';
import { PLAN_CATALOGUE } from '../../contract/subscriptions/planCatalogue';
import type { PostgresConnection } from '../PostgresConnection';

export function createPostgresPlanRepository(db: PostgresConnection): PlanRepository {
  const one = async (where: string, value: string) => {
    const row = await db.one<PlanRow>(`SELECT * FROM plans WHERE ${where} = $1 AND active = 1`, [value]);
    return row ? toPlan(row) : null;
  };
  return {
    list: async () =>
      (await db.query<PlanRow>('SELECT * FROM plans WHERE active = 1 ORDER BY sort_order')).map(toPlan),
    byId: async (id) => one('id', id),
    byLookupKey: async (lookupKey) => one('lookup_key', lookupKey),
  };
}

/** Inserts or refreshes the catalogue's plans (idempotent, at every start, as `seedPlans` does for SQLite). */
export async function seedPostgresPlans(db: PostgresConnection): Promise<void> {
  await db.transaction(async () => {
    for (const [sortOrder, plan] of PLAN_CATALOGUE.entries())
      await db.run(
        `INSERT INTO plans (id, name, details, amount_cents, currency, tax_perc, interval, interval_count,
           max_advance_search, max_full_view, max_report_download, provider_plan_id, lookup_key, sort_order, active)
         VALUES ($1, $2, $3, $4, 'CHF', 0, 'month', 1, $5, $6, $7, $8, $9, $10, 1)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, details = excluded.details,
           amount_cents = excluded.amount_cents, max_advance_search = excluded.max_advance_search,
           max_full_view = excluded.max_full_view, max_report_download = excluded.max_report_download,
           provider_plan_id = excluded.provider_plan_id, lookup_key = excluded.lookup_key,
           sort_order = excluded.sort_order, active = 1`,
        [
          plan.id,
          plan.name,
          plan.details,
          plan.amountCents,
          plan.maxAdvanceSearch,
          plan.maxFullView,
          plan.maxReportDownload,
          plan.providerPlanId,
          plan.lookupKey,
          sortOrder,
        ],
      );
  });
}
