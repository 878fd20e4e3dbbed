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
