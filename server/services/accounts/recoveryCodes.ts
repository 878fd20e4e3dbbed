import crypto from 'node:crypto';
import { accountKeys } from './credentials';

/** How many recovery codes an enrolment gives; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** Letters and digits that cannot be mistaken for one another when read off paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function randomCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Lower case, without spaces and dashes: "ABCDE FGHJK" and "abcde-fghjk" are the same code. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

/**
 * Ten codes of ~50 random bits, shown once. Stored like the mailed keys (SHA-256 only): random codes need
 * no slow hash, and guessing is held by the second-factor throttle.
 */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, randomCode);
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

export const recoveryCodeHash = (code: string) => accountKeys.hash(normaliseRecoveryCode(code));

/** A recovery code as typed (with or without its dash). */
export const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{10}$/.test(normaliseRecoveryCode(code));
