import type { Dayjs } from 'dayjs';

/** What the date formatters accept: an ISO string, epoch milliseconds, a Date or a dayjs value. */
export type DateInput = string | number | Date | Dayjs;
