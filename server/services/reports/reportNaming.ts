import type { ReportSubject } from './ReportSubject';

/** Reports are dated in Swiss time, whatever the server's zone. */
const SWISS_TIME = 'Europe/Zurich';

const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  timeZone: SWISS_TIME,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
// Swedish dates read year-month-day, the order a file name sorts by.
const isoDay = new Intl.DateTimeFormat('sv-SE', { timeZone: SWISS_TIME });

/** YYYY-MM-DD in Swiss time, as file names carry it. */
export const fileNameDay = (date: Date): string => isoDay.format(date);

/** DD/MM/YYYY (spec §9). */
export const reportDate = (date: Date): string => dayMonthYear.format(date);

/** "CH123456789012-Zug-2026-11-22.pdf": EGRID, municipality (ASCII) and date. */
export function reportFileName(subject: ReportSubject, now: Date, extension: string): string {
  const municipality = subject.parcel.LOCNAME.normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${subject.parcel.PRC_ID}-${municipality}-${isoDay.format(now)}.${extension}`;
}
