import { isBlank } from './isBlank';
import type { ValidationRule } from './ValidationRule';

/** Letters, digits and underscores only (spec §5's alphanumeric-with-underscore rule); empty is allowed. */
export const alphanumericUnderscore: ValidationRule = (value) =>
  isBlank(value) || (typeof value === 'string' && /^\w+$/.test(value))
    ? null
    : 'validation.alphanumericUnderscore';
