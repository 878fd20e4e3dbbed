/** The JSON shape of every refused request (spec §8: "Response with error true"). */
export interface ApiError {
  error: true;
  message: string;
  /** Machine-readable reason where one exists, e.g. LIMIT_REACHED_ADVANCE_SEARCH. */
  errorCode?: string;
}
