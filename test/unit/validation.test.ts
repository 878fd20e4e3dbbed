import en from '../../translations/en.json';
import {
  alphanumericUnderscore,
  atLeast0,
  email,
  emptyOrAtLeast0,
  greaterThan0,
  greaterThan1,
  maxLength,
  notMoreThan100,
  notOnlyWhitespace,
  numberOnly,
  required,
} from '../../src/lib/validation/rules';
import { isStrongPassword, strongPassword, STRONG_PASSWORD_SYMBOLS } from '../../src/lib/validation/password';
import type { ValidationRule } from '../../src/lib/validation/rules';

const messages: Record<string, string> = en;

/** The English text a rule shows for a value, placeholders filled, or null when the value passes. */
function messageOf(rule: ValidationRule, value: unknown): string | null {
  const id = rule(value);
  if (id === null) return null;
  expect(messages[id]).toBeDefined();
  return messages[id].replace(/\{(\w+)\}/g, (_match, name: string) => String(rule.values?.[name]));
}

describe('shared validation rules (spec §5)', () => {
  it("says 'Required' for an empty value, null or an empty list, and accepts anything entered", () => {
    for (const empty of ['', null, undefined, []]) expect(messageOf(required, empty)).toBe('Required');
    for (const given of ['a', ' ', 0, ['x'], false]) expect(required(given)).toBeNull();
  });

  it("says 'Number only' for text that is not a number and leaves empty values alone", () => {
    for (const bad of ['12a', 'abc', '1,5', '--1', '1.2.3'])
      expect(messageOf(numberOnly, bad)).toBe('Number only');
    for (const good of ['', null, '0', '42', ' 7 ', '-3', '2.5', 3.5]) expect(numberOnly(good)).toBeNull();
  });

  it("says 'Must not contain only whitespaces' when all the text is blank", () => {
    for (const blank of [' ', '   ', '\t\n']) {
      expect(messageOf(notOnlyWhitespace, blank)).toBe('Must not contain only whitespaces');
    }
    for (const good of ['', ' a ', 'text', null]) expect(notOnlyWhitespace(good)).toBeNull();
  });

  it("says 'Must be less than N characters' above N characters", () => {
    const max5 = maxLength(5);
    expect(messageOf(max5, '123456')).toBe('Must be less than 5 characters');
    expect(max5('12345')).toBeNull();
    expect(max5('')).toBeNull();
    expect(messageOf(maxLength(100), 'x'.repeat(101))).toBe('Must be less than 100 characters');
  });

  it("says 'Must be greater than 0' for 0, negatives, empty and non-numbers", () => {
    for (const bad of [0, '0', -1, '', null, 'abc'])
      expect(messageOf(greaterThan0, bad)).toBe('Must be greater than 0');
    for (const good of [0.01, '1', 5]) expect(greaterThan0(good)).toBeNull();
  });

  it("says 'Must be greater than 1' for 1 and below", () => {
    for (const bad of [1, '1', 0.5, '', 'x'])
      expect(messageOf(greaterThan1, bad)).toBe('Must be greater than 1');
    for (const good of [1.5, '2', 100]) expect(greaterThan1(good)).toBeNull();
  });

  it("says 'Must be not more than 100' above 100", () => {
    for (const bad of [100.01, '101', '', 'x']) {
      expect(messageOf(notMoreThan100, bad)).toBe('Must be not more than 100');
    }
    for (const good of [100, '100', 0, -5]) expect(notMoreThan100(good)).toBeNull();
  });

  it("says 'Must be at least 0' for negatives and a missing value", () => {
    for (const bad of [-1, '-0.5', '', null, 'x'])
      expect(messageOf(atLeast0, bad)).toBe('Must be at least 0');
    for (const good of [0, '0', 12]) expect(atLeast0(good)).toBeNull();
  });

  it("says 'Leave empty or must be at least 0' for negatives but accepts an empty value", () => {
    for (const bad of [-1, '-2', 'x']) {
      expect(messageOf(emptyOrAtLeast0, bad)).toBe('Leave empty or must be at least 0');
    }
    for (const good of ['', null, undefined, 0, '3']) expect(emptyOrAtLeast0(good)).toBeNull();
  });

  it("says 'E-mail must be valid' for a malformed address and allows an empty one", () => {
    for (const bad of ['anna', 'anna@', '@example.ch', 'anna@example', 'an na@example.ch', 'a@b..ch']) {
      expect(messageOf(email, bad)).toBe('E-mail must be valid');
    }
    for (const good of ['', null, 'anna@example.ch', 'a.b+c@mail.example.co.uk'])
      expect(email(good)).toBeNull();
  });

  it('accepts only letters, digits and underscores in alphanumeric-with-underscore fields', () => {
    for (const bad of ['a-b', 'a b', 'ä', 'x!']) {
      expect(messageOf(alphanumericUnderscore, bad)).toBe(
        'Only letters, numbers and underscores are allowed',
      );
    }
    for (const good of ['', 'abc_123', 'ABC', '_']) expect(alphanumericUnderscore(good)).toBeNull();
  });

  it('requires 8+ characters with lower, upper, digit and one of # ? ! @ $ % ^ & * - for a strong password', () => {
    const text =
      'Password must have at least 8 characters with lower and upper letters and at least one symbol and one digit';
    for (const symbol of '#?!@$%^&*-') expect(strongPassword(`Abcdef1${symbol}`)).toBeNull();
    for (const weak of [
      '',
      'Abcde1#',
      'abcdef1#',
      'ABCDEF1#',
      'Abcdefg#',
      'Abcdefg1',
      'Abcdef1+',
      'Abcdef1_',
    ]) {
      expect(messageOf(strongPassword, weak)).toBe(text);
    }
    expect(isStrongPassword('Abcdef1#')).toBe(true);
  });

  it("accepts a symbol from the union of the spec's two sets, exactly as the server does", () => {
    expect([...STRONG_PASSWORD_SYMBOLS].sort()).toEqual(
      [...'#?!@$%^&*-$@#&!'].filter((c, i, all) => all.indexOf(c) === i).sort(),
    );
    for (const symbol of '#?!@$%^&*-$@#&!') expect(isStrongPassword(`Abcdef1${symbol}`)).toBe(true);
    for (const symbol of '+_=.,;:~()[]{}<>/\\|"\'`') expect(isStrongPassword(`Abcdef1${symbol}`)).toBe(false);
    // The forms send passwords trimmed, and the server trims them too: surrounding spaces do not count.
    expect(strongPassword(' Abcde1! ')).not.toBeNull();
    expect(strongPassword(' Abcdef1! ')).toBeNull();
  });
});
