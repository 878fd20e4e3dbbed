import type { ValidationRule } from './rules';

/** Symbols the strong-password rule of spec §5 accepts. */
export const STRONG_PASSWORD_SYMBOLS = '#?!@$%^&*-';

export const STRONG_PASSWORD_MIN_LENGTH = 8;

/**
 * The strong-password rule of spec §5: 8 or more characters with an upper-case letter, a lower-case
 * letter, a digit and one of # ? ! @ $ % ^ & * -. Used by the invitation, reset and password-change
 * forms and enforced again by the server.
 */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= STRONG_PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[#?!@$%^&*-]/.test(password)
  );
}

/** The strong-password rule with its message of spec §5 (an empty password is not a strong one). */
export const strongPassword: ValidationRule = (value) =>
  typeof value === 'string' && isStrongPassword(value) ? null : 'validation.strongPassword';

/** The score a registration password must reach (spec §9). */
export const REQUIRED_PASSWORD_STRENGTH = 5;

/**
 * The registration strength score of spec §5: one point each for a lower-case letter, an upper-case
 * letter, a digit, one of $ @ # & !, and a length above 8. The activation form's strength bar shows it.
 */
export function passwordStrengthScore(password: string): number {
  return (
    [/[a-z]/, /[A-Z]/, /\d/, /[$@#&!]/].filter((rule) => rule.test(password)).length +
    (password.length > 8 ? 1 : 0)
  );
}
