import type { QuotaKind } from '../../../src/contract/Subscription';

/** The English refusal texts per quota (the client appends 'Check your Plan and upgrade to receive more limits'). */
export const LIMIT_REACHED_MESSAGES: Record<QuotaKind, string> = {
  advance_search: 'You have reached the advanced search limit of your plan',
  full_view: 'You have reached the full view limit of your plan',
  report_download: 'You have reached the report download limit of your plan',
};

/** Refusal text when there is no current plan at all (trial over, subscription ended). */
export const NO_ACTIVE_PLAN_MESSAGE = 'You have no active plan. Please choose a plan to continue';
