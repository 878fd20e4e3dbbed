import { numericValue } from './numericValue';
import type { ValidationRule } from './ValidationRule';

/** 'Must be at least 0' (a value is needed; see emptyOrAtLeast0 for the optional variant). */
export const atLeast0: ValidationRule = (value) => {
  const number = numericValue(value);
  return number !== null && number >= 0 ? null : 'validation.atLeast0';
};
