import type { FormRule } from 'antd';
import type { IntlShape } from 'react-intl';

/**
 * The shared form rules of spec §5. A rule returns the translation id of its message when the value breaks
 * it, null when the value is fine; a rule whose message has placeholders carries their values (e.g.
 * maxLength's `max`). `antdRule` turns one into an antd Form rule with its message translated.
 */
export type ValidationRule = ((value: unknown) => string | null) & { values?: Record<string, number> };

/** Nothing entered: null, undefined, an empty string or an empty list (whitespace is not blank). */
export function isBlank(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** The number a form value holds (a number, or a string of one), or null when it holds none. */
export function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !/^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(value)) return null;
  return Number(value);
}

/** A rule on the number a value holds: its message unless the value holds a number that passes `test`. */
function numberRule(test: (number: number) => boolean, messageId: string): ValidationRule {
  return (value) => {
    const number = numericValue(value);
    return number !== null && test(number) ? null : messageId;
  };
}

/** A rule that lets an empty value pass (being filled in at all is `required`'s business). */
function optional(rule: ValidationRule): ValidationRule {
  return (value) => (isBlank(value) ? null : rule(value));
}

/** 'Required'. */
export const required: ValidationRule = (value) => (isBlank(value) ? 'validation.required' : null);

// One @, something on both sides, a dot in the domain, no spaces: what a mail server will at least route.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** 'E-mail must be valid'; an empty value is allowed (spec §5). */
export const email = optional((value) =>
  typeof value === 'string' && EMAIL.test(value.trim()) ? null : 'validation.email',
);

/** 'Must be less than N characters': at most N characters are accepted. */
export function maxLength(max: number): ValidationRule {
  const rule: ValidationRule = (value) =>
    typeof value === 'string' && value.length > max ? 'validation.maxLength' : null;
  rule.values = { max };
  return rule;
}

/** 'Must not contain only whitespaces': some text, but all of it blank. */
export const notOnlyWhitespace: ValidationRule = (value) =>
  typeof value === 'string' && value.length > 0 && value.trim() === ''
    ? 'validation.notOnlyWhitespace'
    : null;

/** Letters, digits and underscores only (spec §5's alphanumeric-with-underscore rule); empty is allowed. */
export const alphanumericUnderscore = optional((value) =>
  typeof value === 'string' && /^\w+$/.test(value) ? null : 'validation.alphanumericUnderscore',
);

/** 'Number only' (an empty value is left to `required`). */
export const numberOnly = optional((value) =>
  numericValue(value) !== null ? null : 'validation.numberOnly',
);

/** 'Must be at least 0' (a value is needed; see emptyOrAtLeast0 for the optional variant). */
export const atLeast0 = numberRule((number) => number >= 0, 'validation.atLeast0');

/** 'Leave empty or must be at least 0'. */
export const emptyOrAtLeast0 = optional(numberRule((number) => number >= 0, 'validation.emptyOrAtLeast0'));

/** 'Must be greater than 0' (an empty or non-numeric value is not greater than 0). */
export const greaterThan0 = numberRule((number) => number > 0, 'validation.greaterThan0');

/** 'Must be greater than 1'. */
export const greaterThan1 = numberRule((number) => number > 1, 'validation.greaterThan1');

/** 'Must be not more than 100'. */
export const notMoreThan100 = numberRule((number) => number <= 100, 'validation.notMoreThan100');

/** A shared rule as an antd Form rule, its message translated: `rules={[antdRule(required, intl)]}`. */
export function antdRule(rule: ValidationRule, intl: IntlShape): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const id = rule(value);
      if (id) throw new Error(intl.formatMessage({ id }, rule.values));
    },
  };
}
