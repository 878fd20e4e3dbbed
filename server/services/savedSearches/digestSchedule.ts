import type { AlertFrequency } from '../../../src/contract/SavedSearches';

/** Users have no time zone of their own yet: the app's users are in Switzerland (spec §1). */
export const DIGEST_TIME_ZONE = 'Europe/Zurich';
/** Spec §9 reminder hours: nothing is sent before 9:00 or from 22:00 on, local time. */
export const REMINDER_HOURS = { from: 9, until: 22 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A digest may go up to an hour early, so one sent at 9:05 can go at 9:00 the next day. */
const EARLY_MS = 60 * 60 * 1000;

const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: DIGEST_TIME_ZONE,
  hour: 'numeric',
  hourCycle: 'h23',
});

/** The hour (0–23) on the clock of the digest time zone at this moment. */
export function localHour(at: number): number {
  return Number(hourFormat.format(new Date(at)));
}

/** Whether a daily or weekly digest last sent at `lastAt` (null: never) is due at `at`. */
export function isDigestDue(
  alert: Extract<AlertFrequency, 'daily' | 'weekly'>,
  lastAt: number | null,
  at: number,
): boolean {
  const hour = localHour(at);
  if (hour < REMINDER_HOURS.from || hour >= REMINDER_HOURS.until) return false;
  const period = alert === 'daily' ? DAY_MS : 7 * DAY_MS;
  return lastAt === null || at - lastAt >= period - EARLY_MS;
}
