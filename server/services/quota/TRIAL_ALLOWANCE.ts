import type { QuotaKind } from '../../../src/contract/Subscription';

/**
 * What a new account gets before it buys a plan (a product decision, see the README): 14 days with a
 * small allowance, enough to try every feature, created on the first quota use or subscription read.
 */
export const TRIAL_ALLOWANCE: { days: number; product: string; limits: Record<QuotaKind, number> } = {
  days: 14,
  product: 'Trial',
  limits: { advance_search: 10, full_view: 10, report_download: 2 },
};
