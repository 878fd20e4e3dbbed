/** One sign-in session as the store keeps it (times in epoch milliseconds). */
export interface SessionRecord {
  id: string;
  userId: string;
  createdAt: number;
  lastSeenAt: number;
  /** Set when the session was revoked (logout, password change or reset); null while it is open. */
  revokedAt: number | null;
}

/** The sessions repository: one row per sign-in, revoked rather than deleted. */
export interface SessionStore {
  /** Starts a new session for the user and returns it. */
  create(userId: string, now: number): Promise<SessionRecord>;
  find(id: string): Promise<SessionRecord | null>;
  /** Records that the session was used at `now`. */
  touch(id: string, now: number): Promise<void>;
  /** Revokes one open session; false when it was already revoked or does not exist. */
  revoke(id: string, now: number): Promise<boolean>;
  /** Deletes the sessions revoked or last seen before `before` (their tokens are refused either way). */
  purgeEnded(before: number): Promise<void>;
  /** Revokes every open session of the user except `keep`; returns the ids it revoked. */
  revokeAllForUser(userId: string, now: number, keep?: string): Promise<string[]>;
}
