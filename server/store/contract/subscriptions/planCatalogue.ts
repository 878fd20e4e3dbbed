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
