/**
 * Reading the main server's answers the same way for every feature (spec §7, §8): a 200 that says
 * `error: true`, and the refusal body of a failed call.
 */

/**
 * Keeps a 200 answer that says `error: true` (spec §7: "or error and errorMessage") on RTK Query's
 * error path, so failures are handled in one place whatever the status. Use as `validateStatus`.
 */
export function isOkBody(response: Response, body: unknown): boolean {
  return (
    response.ok &&
    !(typeof body === 'object' && body !== null && (body as { error?: unknown }).error === true)
  );
}

/** The fields a refused search or detail call may carry (spec §7/§8), whatever its HTTP status. */
export interface ServerErrorBody {
  errorCode?: string;
  errorMessage?: string;
  message?: string;
}

/** Reads the refusal body out of an RTK Query error payload (`{status, data}`), if there is one. */
export function serverErrorBody(payload: unknown): ServerErrorBody {
  const data =
    typeof payload === 'object' && payload !== null ? (payload as { data?: unknown }).data : undefined;
  return typeof data === 'object' && data !== null ? (data as ServerErrorBody) : {};
}

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
