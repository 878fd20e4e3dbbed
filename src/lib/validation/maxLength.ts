import type { ValidationRule } from './ValidationRule';

/** 'Must be less than N characters': at most N characters are accepted. */
export function maxLength(max: number): ValidationRule {
  const rule: ValidationRule = (value) =>
    typeof value === 'string' && value.length > max ? 'validation.maxLength' : null;
  rule.values = { max };
  return rule;
}
