import crypto from 'node:crypto';
import os from 'node:os';
import argon2 from 'argon2';
import { AccountError, ACCOUNT_MESSAGES as M } from './AccountError';
import { checkPasswordPolicy } from './passwordPolicy';

/** What proves who someone is: passwords (argon2id), mailed single-use keys, and the forms that set them. */

/** Runs at most `max` tasks at once, the others in arrival order; refuses (503) when too many wait. */
export function createConcurrencyLimit(max: number, maxWaiting: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= max) {
        if (waiting.length >= maxWaiting) throw new AccountError(503, M.serverBusy, {}, 5);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      running += 1;
      try {
        return await task();
      } finally {
        running -= 1;
        waiting.shift()?.();
      }
    },
  };
}

/** Logins that may wait for a hashing slot before being told the server is busy. */
const MAX_WAITING_HASHES = 200;
let hashing = createConcurrencyLimit(Math.max(1, os.availableParallelism() - 1), MAX_WAITING_HASHES);

/**
 * How many argon2 hashes run at once (config.passwordHashConcurrency, set by the composition root).
 * Each takes 64 MiB and a core for ~50 ms: a login flood waits its turn instead of starving the API.
 */
export function limitPasswordHashing(concurrency: number): void {
  hashing = createConcurrencyLimit(concurrency, MAX_WAITING_HASHES);
}

/** argon2id with the library's defaults (64 MiB, 3 passes), the OWASP-recommended family. */
export const passwordHasher = {
  hash: (password: string): Promise<string> =>
    hashing.run(() => argon2.hash(password, { type: argon2.argon2id })),
  verify(hash: string, password: string): Promise<boolean> {
    return hashing.run(async () => {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    });
  },
};

/**
 * Mailed keys: 256 random bits, URL-safe. Only the SHA-256 is stored; a plain hash is enough because
 * the key itself is random and long (nothing to brute-force like a password).
 */
export const accountKeys = {
  create(): { key: string; hash: string } {
    const key = crypto.randomBytes(32).toString('base64url');
    return { key, hash: accountKeys.hash(key) };
  },
  hash: (key: string): string => crypto.createHash('sha256').update(key.trim()).digest('hex'),
};

/** A pragmatic e-mail check (one @, a dot in the domain, no spaces); the mailed link is the real proof. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** A hash of a random password, so a login for an unknown user costs the same as for a known one. */
export const DUMMY_HASH = passwordHasher.hash(`dummy-${Math.random()}`);

/** Trimmed text of an optional form field. */
export const text = (value: string | undefined | null) => (value ?? '').trim();

export interface PasswordPair {
  password?: string;
  confirmPassword?: string;
}

/** The refusal texts of a password + confirmation form. */
export interface PasswordPairRules {
  required: string;
  differ: string;
  /** An empty confirmation counts as a missing field (settings) rather than a mismatch. */
  confirmRequired: boolean;
}

/** Reset and invitation screens: a new password set with a mailed key. */
export const KEYED_PASSWORD: PasswordPairRules = {
  required: M.newPasswordRequired,
  differ: M.passwordsDiffer,
  confirmRequired: false,
};

/** The settings screen's password change. */
export const CHANGED_PASSWORD: PasswordPairRules = {
  required: M.passwordFieldsRequired,
  differ: M.passwordsDifferSettings,
  confirmRequired: true,
};

/**
 * The new password of a form, trimmed like every password (login too), or an AccountError with the
 * form's own refusal text or the password policy's.
 */
export function checkPasswordPair(pair: PasswordPair, rules: PasswordPairRules): string {
  const password = text(pair.password);
  const confirm = text(pair.confirmPassword);
  if (!password || (rules.confirmRequired && !confirm)) throw new AccountError(400, rules.required);
  if (password !== confirm) throw new AccountError(400, rules.differ);
  checkPasswordPolicy(password);
  return password;
}
