import { passwordStrengthScore, REQUIRED_PASSWORD_STRENGTH } from '../../src/lib/validation/password';

describe('the activation password strength score (spec §5)', () => {
  it('is 0 for an empty password', () => {
    expect(passwordStrengthScore('')).toBe(0);
  });

  it('gives one point each for a lowercase letter, an uppercase letter, a digit, one of $@#&! and length above 8', () => {
    expect(passwordStrengthScore('a')).toBe(1);
    expect(passwordStrengthScore('A')).toBe(1);
    expect(passwordStrengthScore('1')).toBe(1);
    for (const symbol of '$@#&!') expect(passwordStrengthScore(symbol)).toBe(1);
    expect(passwordStrengthScore('.........')).toBe(1);
  });

  it('counts no point for other symbols and none for exactly 8 characters', () => {
    expect(passwordStrengthScore('%^*-_?')).toBe(0);
    expect(passwordStrengthScore('........')).toBe(0);
  });

  it('reaches the required 5 only with every kind of character and more than 8 characters', () => {
    expect(REQUIRED_PASSWORD_STRENGTH).toBe(5);
    expect(passwordStrengthScore('Abcdefg1$')).toBe(5);
    expect(passwordStrengthScore('Abcdef1$')).toBe(4);
    expect(passwordStrengthScore('abcdefgh1$')).toBe(4);
    expect(passwordStrengthScore('Abcdefgh1%')).toBe(4);
  });
});
