import { ROUTE_PATHS } from '../../routing/routePaths';
import { LIMIT_REACHED_CODES } from '../../contract/Subscription';
import type { Refusal } from '../../api/responses';
import { showSnackbar, type SnackbarAction } from '../ui/uiSlice';

/** The Upgrade action every used-up-quota snackbar carries: to the plans. */
export const UPGRADE_ACTION: SnackbarAction = { labelId: 'plan.dialog.upgrade', to: ROUTE_PATHS.plans };

const LIMIT_CODES = new Set(Object.values(LIMIT_REACHED_CODES));

/** Whether a refusal's code says a plan quota is used up (any of the LIMIT_REACHED_* codes). */
export function isLimitReached(errorCode: string | undefined): boolean {
  return errorCode !== undefined && LIMIT_CODES.has(errorCode);
}

/** The snackbar action for a refusal: Upgrade when a quota is used up, none otherwise. */
export function upgradeActionFor(errorCode: string | undefined): SnackbarAction | undefined {
  return isLimitReached(errorCode) ? UPGRADE_ACTION : undefined;
}

/**
 * A server message as a sentence: refusal texts may end without a full stop, and the spec's 'Check your
 * Plan …' follows them, so the two must not run together ("…of your plan Check your Plan…").
 */
export function asSentence(message: string): string {
  const trimmed = message.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The error snackbar of a refused request: the server's own words (a used-up quota as a sentence followed
 * by the spec's 'Check your Plan…', with the Upgrade action), or the feature's fallback message.
 */
export function refusalSnackbar(refusal: Refusal, fallbackId: string): ReturnType<typeof showSnackbar> {
  const upgrade = upgradeActionFor(refusal.errorCode);
  if (!refusal.message) return showSnackbar('error', { id: fallbackId });
  return showSnackbar(
    'error',
    upgrade
      ? { id: 'parcel.detail.failed', values: { message: asSentence(refusal.message) } }
      : { text: refusal.message },
    upgrade,
  );
}
