import { createRequire } from 'node:module';
import { isStrongPassword } from '../../../src/lib/validation/password';
import { AccountError, ACCOUNT_MESSAGES as M } from './AccountError';

/**
 * The one password policy of the server (issue 10, item 10), for registration, reset, invitation, the
 * settings change and the operator CLI: the strong-password rule of spec §5 (shared with the browser)
 * and no common password. Passwords are trimmed on every path, login included, before this check.
 */

const require_ = createRequire(__filename);
let common: Set<string> | null = null;

/** The 49k common passwords of @zxcvbn-ts/language-common (lower case), read once on first use. */
function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = require_('@zxcvbn-ts/language-common') as {
      dictionary: Record<string, string[]>;
    };
    common = new Set(dictionary['passwords-common']);
  }
  return common;
}

/** Lower case without the digits and symbols people wrap round a word: `Password1!` → `password`. */
export function normalisedPassword(password: string): string {
  return password.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

/** Whether the password, or its word without leading/trailing digits and symbols, is a common one. */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const lower = password.toLowerCase();
  const word = normalisedPassword(password);
  return list.has(lower) || (word !== '' && list.has(word));
}

/** Refuses (400, with the spec's wording) a password the policy does not accept. */
export function checkPasswordPolicy(password: string): void {
  if (!isStrongPassword(password)) throw new AccountError(400, M.strongPasswordRule);
  if (isCommonPassword(password)) throw new AccountError(400, M.commonPassword);
}
