import { numericValue } from './numericValue';
import type { ValidationRule } from './ValidationRule';

/** 'Must be not more than 100'. */
export const notMoreThan100: ValidationRule = (value) => {
  const number = numericValue(value);
  return number !== null && number <= 100 ? null : 'validation.notMoreThan100';
};
