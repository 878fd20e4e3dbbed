import { isBlank } from './isBlank';
import { numericValue } from './numericValue';
import type { ValidationRule } from './ValidationRule';

/** 'Leave empty or must be at least 0'. */
export const emptyOrAtLeast0: ValidationRule = (value) => {
  if (isBlank(value)) return null;
  const number = numericValue(value);
  return number !== null && number >= 0 ? null : 'validation.emptyOrAtLeast0';
};
