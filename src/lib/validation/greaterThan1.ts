import { numericValue } from './numericValue';
import type { ValidationRule } from './ValidationRule';

/** 'Must be greater than 1'. */
export const greaterThan1: ValidationRule = (value) => {
  const number = numericValue(value);
  return number !== null && number > 1 ? null : 'validation.greaterThan1';
};
