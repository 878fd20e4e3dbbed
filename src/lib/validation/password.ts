import type { ValidationRule } from './rules';

/** The symbols of spec §5's strong-password rule: # ? ! @ $ % ^ & * - */
const STRONG_RULE_SYMBOLS = '#?!@$%^&*-';

/** The symbols of spec §5's registration strength score: $ @ # & ! */
export const STRENGTH_SCORE_SYMBOLS = '$@#&!';

/** Symbols the strong-password rule accepts: the union of the spec's two sets (server and browser alike). */
export const STRONG_PASSWORD_SYMBOLS = [...new Set(STRONG_RULE_SYMBOLS + STRENGTH_SCORE_SYMBOLS)].join('');

export const STRONG_PASSWORD_MIN_LENGTH = 8;

const escapeForClass = (symbols: string) => symbols.replace(/[\\\]^-]/g, '\\$&');
const STRONG_SYMBOL = new RegExp(`[${escapeForClass(STRONG_PASSWORD_SYMBOLS)}]`);
const SCORE_SYMBOL = new RegExp(`[${escapeForClass(STRENGTH_SCORE_SYMBOLS)}]`);

/**
 * The strong-password rule of spec §5: 8 or more characters with an upper-case letter, a lower-case
 * letter, a digit and a symbol of STRONG_PASSWORD_SYMBOLS. Used by the invitation, reset and
 * password-change forms, and by the server's password policy for every path (which also refuses
 * common passwords). Callers pass the trimmed password, as the forms send it.
 */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= STRONG_PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    STRONG_SYMBOL.test(password)
  );
}

/**
 * The strong-password rule with its message of spec §5 (an empty password is not a strong one), on the
 * trimmed value the forms send.
 */
export const strongPassword: ValidationRule = (value) =>
  typeof value === 'string' && isStrongPassword(value.trim()) ? null : 'validation.strongPassword';

/** The score a registration password must reach (spec §9). */
export const REQUIRED_PASSWORD_STRENGTH = 5;

/**
 * The registration strength score of spec §5: one point each for a lower-case letter, an upper-case
 * letter, a digit, one of $ @ # & !, and a length above 8. The activation form's strength bar shows it.
 */
export function passwordStrengthScore(password: string): number {
  return (
    [/[a-z]/, /[A-Z]/, /\d/, SCORE_SYMBOL].filter((rule) => rule.test(password)).length +
    (password.length > 8 ? 1 : 0)
  );
}
