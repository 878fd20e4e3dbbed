import { numericValue } from './numericValue';
import type { ValidationRule } from './ValidationRule';

/** 'Must be greater than 0' (an empty or non-numeric value is not greater than 0). */
export const greaterThan0: ValidationRule = (value) => {
  const number = numericValue(value);
  return number !== null && number > 0 ? null : 'validation.greaterThan0';
};
