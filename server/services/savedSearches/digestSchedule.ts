import type { AlertFrequency } from '../../../src/contract/SavedSearches';

/** Spec §9 reminder hours: nothing is sent before 9:00 or from 22:00 on, on the user's clock. */
export const REMINDER_HOURS = { from: 9, until: 22 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A digest may go up to an hour early, so one sent at 9:05 can go at 9:00 the next day. */
const EARLY_MS = 60 * 60 * 1000;

/** One formatter per time zone (making one is far slower than using it). */
const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** The hour (0–23) on the clock of an IANA time zone at this moment. */
export function localHour(at: number, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(new Date(at)));
}

/**
 * Whether a daily or weekly digest last sent at `lastAt` (null: never) is due at `at` for a user in
 * `timeZone` (the user's preference, issue 29).
 */
export function isDigestDue(
  alert: Extract<AlertFrequency, 'daily' | 'weekly'>,
  lastAt: number | null,
  at: number,
  timeZone: string,
): boolean {
  const hour = localHour(at, timeZone);
  if (hour < REMINDER_HOURS.from || hour >= REMINDER_HOURS.until) return false;
  const period = alert === 'daily' ? DAY_MS : 7 * DAY_MS;
  return lastAt === null || at - lastAt >= period - EARLY_MS;
}
