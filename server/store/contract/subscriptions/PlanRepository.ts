import type { Plan } from '../../../../src/contract/Subscription';

/** The plan's English cost text, e.g. "CHF 59.90 / month" (the browser formats its own, translated). */
export function formatPlanCost(currency: string, amount: number): string {
  return `${currency} ${amount.toFixed(2)} / month`;
}

/** A `plans` row as both adapters read it. */
export interface PlanRow {
  id: string;
  name: string;
  details: string;
  amount_cents: number;
  currency: string;
  tax_perc: number;
  interval_count: number;
  max_advance_search: number;
  max_full_view: number;
  max_report_download: number;
  provider_plan_id: string;
  lookup_key: string;
}

export interface PlanRepository {
  list(): Promise<Plan[]>;
  byId(id: string): Promise<Plan | null>;
  byLookupKey(lookupKey: string): Promise<Plan | null>;
}

export function toPlan(row: PlanRow): Plan {
  const amount = row.amount_cents / 100;
  return {
    id: row.id,
    name: row.name,
    details: row.details,
    cost: formatPlanCost(row.currency, amount),
    amount,
    taxPerc: row.tax_perc,
    limits: {
      max_advance_search: row.max_advance_search,
      max_full_view: row.max_full_view,
      max_report_download: row.max_report_download,
    },
    interval: 'month',
    interval_count: row.interval_count,
    providerPlanId: row.provider_plan_id,
    lookupKey: row.lookup_key,
  };
}
