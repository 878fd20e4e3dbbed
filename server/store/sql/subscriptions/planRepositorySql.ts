import { toPlan, type PlanRepository, type PlanRow } from '../../contract/subscriptions/PlanRepository';
import { PLAN_CATALOGUE } from '../../contract/subscriptions/planCatalogue';
import {
  all,
  atomically,
  holdLock,
  one,
  run,
  type SqlDialect,
  type SqlRepositoryDefinition,
  type SqlWork,
} from '../SqlWork';

function* activePlan(column: 'id' | 'lookup_key', value: string) {
  const row = yield* one<PlanRow>(`SELECT * FROM plans WHERE ${column} = ? AND active = 1`, value);
  return row ? toPlan(row) : null;
}

export const planRepositorySql: SqlRepositoryDefinition<PlanRepository> = () => ({
  *list() {
    return (yield* all<PlanRow>('SELECT * FROM plans WHERE active = 1 ORDER BY sort_order')).map(toPlan);
  },
  byId: (id) => activePlan('id', id),
  byLookupKey: (lookupKey) => activePlan('lookup_key', lookupKey),
});

/**
 * Inserts or refreshes the catalogue's plans. Idempotent: runs in SQLite's migration 30 (so every fresh
 * database, tests included, has plans) and at every start on both adapters (so a changed catalogue
 * reaches existing databases). On PostgreSQL under the catalogue's advisory lock: instances starting together
 * would otherwise insert the same plan at once, and the upsert resolves only its own key's conflict — the other
 * failed on the lookup key's unique index and the instance did not start. SQLite runs one writer at a time.
 */
export function seedPlanCatalogue(dialect: Pick<SqlDialect, 'lockKey'>): SqlWork<void> {
  return atomically(
    (function* () {
      yield* holdLock(dialect, 'plan-catalogue');
      for (const [sortOrder, plan] of PLAN_CATALOGUE.entries())
        yield* run(
          `INSERT INTO plans (id, name, details, amount_cents, currency, tax_perc, interval, interval_count,
             max_advance_search, max_full_view, max_report_download, provider_plan_id, lookup_key, sort_order, active)
           VALUES (?, ?, ?, ?, 'CHF', 0, 'month', 1, ?, ?, ?, ?, ?, ?, 1)
           ON CONFLICT (id) DO UPDATE SET name = excluded.name, details = excluded.details,
             amount_cents = excluded.amount_cents, max_advance_search = excluded.max_advance_search,
             max_full_view = excluded.max_full_view, max_report_download = excluded.max_report_download,
             provider_plan_id = excluded.provider_plan_id, lookup_key = excluded.lookup_key,
             sort_order = excluded.sort_order, active = 1`,
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
        );
    })(),
  );
}
