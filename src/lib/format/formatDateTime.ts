import dayjs from 'dayjs';
import type { DateInput } from './DateInput';

/** DD/MM/YYYY HH:mm (spec §9); an empty string for a missing or invalid date. */
export function formatDateTime(value: DateInput | null | undefined): string {
  const date = value === null || value === undefined ? null : dayjs(value);
  return date?.isValid() ? date.format('DD/MM/YYYY HH:mm') : '';
}
