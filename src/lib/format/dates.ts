import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(localizedFormat);

/** What the date formatters accept: an ISO string, epoch milliseconds, a Date or a dayjs value. */
export type DateInput = string | number | Date | Dayjs;

/** The value as a valid dayjs date, or null for a missing or invalid one. */
function validDate(value: DateInput | null | undefined): Dayjs | null {
  const date = value === null || value === undefined ? null : dayjs(value);
  return date?.isValid() ? date : null;
}

/** DD/MM/YYYY (spec §9); an empty string for a missing or invalid date. */
export function formatDate(value: DateInput | null | undefined): string {
  return validDate(value)?.format('DD/MM/YYYY') ?? '';
}

/** DD/MM/YYYY HH:mm (spec §9); an empty string for a missing or invalid date. */
export function formatDateTime(value: DateInput | null | undefined): string {
  return validDate(value)?.format('DD/MM/YYYY HH:mm') ?? '';
}

/**
 * A long date and time in the language's own words, e.g. "March 15, 2027 2:30 PM" or "15. März 2027 14:30"
 * (the plan dialog's renewal date) for a language code (en, de, fr, it); empty for a missing or invalid date.
 */
export function formatLongDateTime(value: DateInput | null | undefined, language: string): string {
  return validDate(value)?.locale(language).format('LLL') ?? '';
}
