/** What a request is answered while the database cannot be reached (HTTP 503, server.databaseUnavailable). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is unavailable right now. Please try again in a moment.';

/** Seconds a client is asked to wait before trying again (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database connection is lost (server restarted, network cut) and could not be re-established for this
 * request; whatever the request's unit of work had written was rolled back by the database. The next use
 * tries to connect again.
 */
export class DatabaseUnavailableError extends Error {
  readonly statusCode = 503;
  readonly retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;

  constructor(readonly reason: string) {
    super(DATABASE_UNAVAILABLE_MESSAGE);
    this.name = 'DatabaseUnavailableError';
  }
}
