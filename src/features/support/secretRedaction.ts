/**
 * What never leaves the browser in a support snapshot or reaches Redux DevTools: tokens, passwords and
 * secrets (by key name, at any depth), and the personal fields of a profile.
 */

export const REDACTED = '[redacted]';

const SECRET_KEY = /token|password|secret/i;
/** The profile's personal fields (spec §3); roles, sites and teams stay, support needs them. */
export const PERSONAL_KEYS = ['name', 'username', 'email', 'phone', 'companyName', 'companyAddress'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function redactSecretValue(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? value : REDACTED;
  // A cached token ({ value, expiresAt }) keeps its expiry: support needs to see whether it had expired.
  if (isRecord(value) && typeof value.value === 'string') return { ...value, value: REDACTED };
  return value === null || value === undefined ? value : REDACTED;
}

/** A deep copy with every value under a token/password/secret key replaced by '[redacted]'. */
export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item)) as T;
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    copy[key] = SECRET_KEY.test(key) ? redactSecretValue(entry) : redactSecrets(entry);
  }
  return copy as T;
}

/** A deep copy with the personal fields of any profile-shaped object (one with roles) replaced. */
export function redactPersonalData<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => redactPersonalData(item)) as T;
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) copy[key] = redactPersonalData(entry);
  if (Array.isArray(value.roles)) {
    for (const key of PERSONAL_KEYS) if (typeof copy[key] === 'string' && copy[key]) copy[key] = REDACTED;
  }
  return copy as T;
}

/**
 * Redux DevTools options: actions and states are shown with secrets hidden (support staff replay a user's
 * state from DevTools; a token on their screen would be a session handed over).
 */
export const devToolsSanitizers = {
  actionSanitizer: <A>(action: A): A => {
    const redacted = redactSecrets(action);
    // An action named after a token (session/setSsoToken) carries the token as its whole payload.
    if (isRecord(redacted) && typeof redacted.type === 'string' && SECRET_KEY.test(redacted.type)) {
      return { ...redacted, payload: redactSecretValue(redacted.payload) } as A;
    }
    return redacted;
  },
  stateSanitizer: <S>(state: S): S => redactSecrets(state),
};
