import type { Plan, Subscription } from '../../../src/contract/Subscription';
import type { SessionState } from '../../../src/features/auth/sessionSlice';
import { sessionFixture } from '../sessionFixture';

function plan(id: string, name: string, amount: number, search: number, full: number, report: number): Plan {
  return {
    id,
    name,
    details: `${name} details`,
    cost: `CHF ${amount.toFixed(2)} / month`,
    amount,
    taxPerc: 0,
    limits: { max_advance_search: search, max_full_view: full, max_report_download: report },
    interval: 'month',
    interval_count: 1,
    providerPlanId: `price_${id}_monthly`,
    lookupKey: `${id}_monthly`,
  };
}

/** The three plans of spec §9 as `GET /api/plans` returns them. */
export const PLANS: Plan[] = [
  plan('basic', 'Basic Plan', 29.9, 150, 150, 20),
  plan('standard', 'Standard Plan', 59.9, 350, 350, 50),
  plan('premium', 'Premium Plan', 119.9, 750, 750, 100),
];

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    status: 'active',
    end: '2026-12-24T15:30:00.000Z',
    plan: {
      product: 'Standard Plan',
      limits: { max_advance_search: 350, max_full_view: 350, max_report_download: 50 },
    },
    usage: { advance_search: 12, full_view: 3, report_download: 0 },
    ...overrides,
  };
}

const FAR_FUTURE = Date.now() + 1_000_000_000;

/** A logged-in MAPUSER with both tokens, as after login and authorisation; the tokens never lapse here. */
export const LOGGED_IN: SessionState = sessionFixture({
  ssoToken: { value: 'sso-token', expiresAt: FAR_FUTURE },
  mainToken: { value: 'main-token', expiresAt: FAR_FUTURE },
});
