import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { DateInput } from './DateInput';

dayjs.extend(localizedFormat);

/**
 * A long date and time in the language's own words, e.g. "March 15, 2027 2:30 PM" or "15. März 2027 14:30"
 * (the plan dialog's renewal date) for a language code (en, de, fr, it); empty for a missing or invalid date.
 */
export function formatLongDateTime(value: DateInput | null | undefined, language: string): string {
  const date = value === null || value === undefined ? null : dayjs(value);
  return date?.isValid() ? date.locale(language).format('LLL') : '';
}
