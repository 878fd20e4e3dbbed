import type { AlertFrequency } from '../../../src/contract/SavedSearches';

/** Spec §9 reminder hours: nothing is sent before 9:00 or from 22:00 on, on the user's clock. */
export const REMINDER_HOURS = { from: 9, until: 22 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_DAYS = 7;

/** One formatter per time zone (making one is far slower than using it). */
const hourFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The hour (0–23) on the clock of an IANA time zone at this moment. */
export function localHour(at: number, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(new Date(at)));
}

/** The calendar day on the clock of an IANA time zone at this moment, as days since 1970-01-01. */
export function localDay(at: number, timeZone: string): number {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  // en-CA writes the ISO order, YYYY-MM-DD.
  return Date.parse(`${format.format(new Date(at))}T00:00:00Z`) / DAY_MS;
}

/**
 * Whether a daily or weekly digest last sent at `lastAt` (null: never) is due at `at` for a user in
 * `timeZone` (the user's preference, ADR 032). Counted in calendar days on the user's clock, not in hours
 * since the last one: a daily digest goes out once a day, from 9:00, so one first sent in the evening comes
 * the next morning and then every morning (24 hours minus a margin drifted an hour a day instead); a weekly
 * one on the same weekday a week later.
 */
export function isDigestDue(
  alert: Extract<AlertFrequency, 'daily' | 'weekly'>,
  lastAt: number | null,
  at: number,
  timeZone: string,
): boolean {
  const hour = localHour(at, timeZone);
  if (hour < REMINDER_HOURS.from || hour >= REMINDER_HOURS.until) return false;
  if (lastAt === null) return true;
  const days = localDay(at, timeZone) - localDay(lastAt, timeZone);
  return days >= (alert === 'daily' ? 1 : WEEK_DAYS);
}
