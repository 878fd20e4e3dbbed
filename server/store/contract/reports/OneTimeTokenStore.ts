/** What a one-time token is bound to. */
export interface OneTimeTokenRecord {
  tokenHash: string;
  userId: string;
  sessionId: string;
  prcId: string;
  purpose: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface OneTimeTokenStore {
  save(record: OneTimeTokenRecord): Promise<void>;
  /**
   * Marks the token used and returns it, in one conditional UPDATE: of two requests with the same token
   * exactly one gets the record. Null when unknown, already used or expired at `now`.
   */
  take(tokenHash: string, now: number): Promise<OneTimeTokenRecord | null>;
  /** The token as stored, used or not (null when unknown). */
  find(tokenHash: string): Promise<(OneTimeTokenRecord & { usedAt: number | null }) | null>;
  /** Deletes tokens expired before `before`. */
  purgeExpired(before: number): Promise<void>;
}

/** A `one_time_tokens` row as both adapters read it. */
export interface TokenRow {
  token_hash: string;
  user_id: string;
  session_id: string;
  prc_id: string;
  purpose: string;
  expires_at: number;
  used_at: number | null;
}

export const toOneTimeTokenRecord = (row: TokenRow): OneTimeTokenRecord => ({
  tokenHash: row.token_hash,
  userId: row.user_id,
  sessionId: row.session_id,
  prcId: row.prc_id,
  purpose: row.purpose,
  expiresAt: row.expires_at,
});
