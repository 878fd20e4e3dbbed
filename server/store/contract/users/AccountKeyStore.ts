export type AccountKeyKind = 'verification' | 'reset' | 'invite';

/** A stored single-use key (only its hash is kept). */
export interface AccountKeyRecord {
  kind: AccountKeyKind;
  email: string;
  userId: string | null;
  expiresAt: number;
}

/** Single-use, expiring keys for e-mail verification, password reset and invitations. */
export interface AccountKeyStore {
  add(keyHash: string, key: AccountKeyRecord): Promise<void>;
  /** The key if it exists, is of this kind, is unused and has not expired at `now` (ms). */
  findValid(kind: AccountKeyKind, keyHash: string, now: number): Promise<AccountKeyRecord | null>;
  /** Marks the key used if it is still valid; false when it was already used, expired or unknown. */
  consume(kind: AccountKeyKind, keyHash: string, now: number): Promise<boolean>;
  /** Ends every unused key of this kind for a user (a newer key replaces them). */
  revokeForUser(kind: AccountKeyKind, userId: string, now: number): Promise<void>;
  /** Removes keys that expired before `now`. */
  purgeExpired(now: number): Promise<void>;
}
