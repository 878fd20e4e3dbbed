/**
 * A refusal the client should see: the app's error handler answers `statusCode` with
 * `{error: true, message}` (spec §8: "Response with error true: the server message is shown").
 */
export class AccountError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra reply fields, e.g. `{success: false}` for the activation-key check. */
    readonly extra: Record<string, unknown> = {},
    /** Seconds until a rate-limited caller may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
