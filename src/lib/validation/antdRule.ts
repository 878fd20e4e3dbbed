import type { FormRule } from 'antd';
import type { IntlShape } from 'react-intl';
import type { ValidationRule } from './ValidationRule';

/** A shared rule as an antd Form rule, its message translated: `rules={[antdRule(required, intl)]}`. */
export function antdRule(rule: ValidationRule, intl: IntlShape): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const id = rule(value);
      if (id) throw new Error(intl.formatMessage({ id }, rule.values));
    },
  };
}
