import type { ValidationRule } from './ValidationRule';

/** 'Must not contain only whitespaces': some text, but all of it blank. */
export const notOnlyWhitespace: ValidationRule = (value) =>
  typeof value === 'string' && value.length > 0 && value.trim() === ''
    ? 'validation.notOnlyWhitespace'
    : null;
