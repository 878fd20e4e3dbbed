import { isBlank } from './isBlank';
import type { ValidationRule } from './ValidationRule';

/** 'Required'. */
export const required: ValidationRule = (value) => (isBlank(value) ? 'validation.required' : null);
