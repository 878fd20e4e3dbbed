/**
 * Keeps a 200 answer that says `error: true` (spec §7: "or error and errorMessage") on RTK Query's
 * error path, so failures are handled in one place whatever the status.
 */
export function isOkBody(response: Response, body: unknown): boolean {
  return (
    response.ok &&
    !(typeof body === 'object' && body !== null && (body as { error?: unknown }).error === true)
  );
}
