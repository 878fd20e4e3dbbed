import { isBlank } from './isBlank';
import type { ValidationRule } from './ValidationRule';

// One @, something on both sides, a dot in the domain, no spaces: what a mail server will at least route.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** 'E-mail must be valid'; an empty value is allowed (spec §5). */
export const email: ValidationRule = (value) =>
  isBlank(value) || (typeof value === 'string' && EMAIL.test(value.trim())) ? null : 'validation.email';
