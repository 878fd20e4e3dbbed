import { serverErrorBody } from './serverErrorBody';

/** What a refused search or detail call tells the user: the plan's code and the server's message. */
export interface Refusal {
  errorCode?: string;
  message?: string;
}

/**
 * The refusal a rejected query carries, or undefined when it is not the feature's to report: a
 * skipped call (condition), no server answer, or 401/403, which belong to the session listeners
 * (re-authorise, or the access-denied snackbar and logout).
 */
export function reportableRefusal(rejected: {
  meta: { condition: boolean };
  payload?: unknown;
}): Refusal | undefined {
  if (rejected.meta.condition || !rejected.payload) return undefined;
  const status = (rejected.payload as { status?: unknown }).status;
  if (status === 401 || status === 403) return undefined;
  const body = serverErrorBody(rejected.payload);
  return { errorCode: body.errorCode, message: body.errorMessage ?? body.message };
}
