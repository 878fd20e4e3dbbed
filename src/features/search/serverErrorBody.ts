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
