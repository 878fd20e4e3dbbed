import { isBlank } from './isBlank';
import { numericValue } from './numericValue';
import type { ValidationRule } from './ValidationRule';

/** 'Number only' (an empty value is left to `required`). */
export const numberOnly: ValidationRule = (value) =>
  isBlank(value) || numericValue(value) !== null ? null : 'validation.numberOnly';
