import { isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';

/** Whether an action is a failed API call whose HTTP status is 403 (spec §8: "any HTTP error containing 403"). */
export function isForbiddenAction(action: UnknownAction): boolean {
  if (!isRejectedWithValue(action)) return false;
  const payload = action.payload as { status?: unknown; originalStatus?: unknown } | undefined;
  return payload?.status === 403 || payload?.originalStatus === 403;
}
