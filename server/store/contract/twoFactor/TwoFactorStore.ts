/** An account's authenticator app: the sealed secret, whether a code confirmed it, the last step used. */
export interface TotpFactorRecord {
  /** Sealed (server/services/accounts/secretBox): never the plain secret. */
  secret: string;
  confirmedAt: number | null;
  /** The last 30-second step whose code was accepted; only later steps are accepted (no replay). */
  lastStep: number;
}

/** A WebAuthn credential of an account. */
export interface PasskeyRecord {
  /** The credential id, base64url. */
  id: string;
  userId: string;
  name: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  createdAt: number;
  lastUsedAt: number | null;
}

/** A right password waiting for its second factor. */
export interface PendingLoginRecord {
  userId: string;
  /** The WebAuthn challenge a passkey must sign for this sign-in. */
  challenge: string;
  expiresAt: number;
}

/**
 * Second factors (migration 17): authenticator apps, recovery codes, passkeys, pending sign-ins and the
 * sites that require a second factor; passkey sign-ins without a password (migration 18). Times are epoch milliseconds.
 */
export interface TwoFactorStore {
  findTotp(userId: string): Promise<TotpFactorRecord | null>;
  /** Starts or restarts an unconfirmed enrolment; false (nothing written) when a confirmed one exists. */
  startTotp(userId: string, secret: string, at: number): Promise<boolean>;
  /**
   * Accepts `step` when it is later than the last accepted one, in one update (two requests with the same
   * code cannot both pass); confirms an unconfirmed enrolment. False when the step was used already.
   */
  acceptTotpStep(userId: string, step: number, at: number): Promise<boolean>;
  /** Removes the authenticator app and the recovery codes. */
  removeTotp(userId: string): Promise<void>;
  replaceRecoveryCodes(userId: string, hashes: readonly string[]): Promise<void>;
  /** Spends an unused recovery code; false when unknown or used. */
  useRecoveryCode(userId: string, hash: string, at: number): Promise<boolean>;
  remainingRecoveryCodes(userId: string): Promise<number>;

  listPasskeys(userId: string): Promise<PasskeyRecord[]>;
  findPasskey(id: string): Promise<PasskeyRecord | null>;
  addPasskey(passkey: PasskeyRecord): Promise<void>;
  /** Records a sign-in with the passkey and its new signature counter. */
  usePasskey(id: string, counter: number, at: number): Promise<void>;
  renamePasskey(userId: string, id: string, name: string): Promise<boolean>;
  removePasskey(userId: string, id: string): Promise<boolean>;
  /** The challenge of the account's passkey registration (one at a time). */
  saveChallenge(userId: string, challenge: string, expiresAt: number): Promise<void>;
  /** Takes (and forgets) the account's unexpired registration challenge. */
  takeChallenge(userId: string, at: number): Promise<string | null>;

  addPendingLogin(keyHash: string, pending: PendingLoginRecord): Promise<void>;
  /** An unused, unexpired pending sign-in. */
  findPendingLogin(keyHash: string, at: number): Promise<PendingLoginRecord | null>;
  /** Spends the pending sign-in; false when it was spent or expired meanwhile (single use). */
  consumePendingLogin(keyHash: string, at: number): Promise<boolean>;
  /** Forgets expired pending sign-ins and passkey sign-in challenges. */
  purgeExpiredPendingLogins(at: number): Promise<void>;

  /** Keeps the challenge (its hash) of a sign-in with a passkey instead of a password (migration 18). */
  addPasskeySignIn(challengeHash: string, expiresAt: number): Promise<void>;
  /** Spends the challenge: true for exactly one caller, and only before it expired. */
  takePasskeySignIn(challengeHash: string, at: number): Promise<boolean>;

  /** A confirmed authenticator app or a passkey. */
  isEnrolled(userId: string): Promise<boolean>;
  /** Whether one of the account's sites requires a second factor. */
  isRequired(userId: string): Promise<boolean>;
  setSiteRequirement(siteId: string, required: boolean, at: number): Promise<void>;
  requiringSites(): Promise<string[]>;
}
