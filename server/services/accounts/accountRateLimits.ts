import type { RateLimit } from './createRateLimiter';

const MINUTE = 60_000;

/**
 * Limits on the calls an attacker would repeat: guessing passwords, and flooding mailboxes with
 * verification or reset mails. Per account they are tight; per IP looser (offices share an address).
 */
export const ACCOUNT_RATE_LIMITS = {
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { max: 50, windowMs: 15 * MINUTE },
  verificationPerEmail: { max: 3, windowMs: 60 * MINUTE },
  verificationPerIp: { max: 20, windowMs: 60 * MINUTE },
  resetPerAccount: { max: 3, windowMs: 60 * MINUTE },
  resetPerIp: { max: 20, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimit>;
