import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { translateValue } from '../../contract/ParcelVocabulary';

/**
 * A field's value as the reader's language shows it: every coded value through the parcel vocabulary,
 * lists joined, a dash when empty; free text and unknown codes as they are.
 */
export function useCodedValueText(): (field: string, value: unknown) => string {
  const intl = useIntl();
  return useCallback(
    (field, value) => {
      const translate = (id: string, values?: Record<string, string | number>) =>
        intl.formatMessage({ id }, values);
      const items = (Array.isArray(value) ? value : [value]).filter(
        (item) => item !== null && item !== undefined && item !== '',
      );
      return items.length > 0 ? items.map((item) => translateValue(field, item, translate)).join(', ') : '–';
    },
    [intl],
  );
}
