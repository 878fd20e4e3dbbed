import { extentAround } from '../../src/features/savedSearches/mapExtent';
import { isDigestDue, localHour } from '../../server/services/savedSearches/digestSchedule';

const zurich = (iso: string) => Date.parse(iso);
const HOUR = 60 * 60 * 1000;
const ZURICH = 'Europe/Zurich';

describe('digest schedule', () => {
  it('reads the hour on the Zurich clock, summer and winter', () => {
    expect(localHour(zurich('2026-07-01T07:30:00Z'), ZURICH)).toBe(9);
    expect(localHour(zurich('2026-01-15T07:30:00Z'), ZURICH)).toBe(8);
  });

  it("reads the hour on the user's clock: New York and Tokyo, summer and winter", () => {
    expect(localHour(Date.parse('2026-07-01T13:30:00Z'), 'America/New_York')).toBe(9);
    expect(localHour(Date.parse('2026-01-15T13:30:00Z'), 'America/New_York')).toBe(8);
    // Japan keeps no summer time.
    expect(localHour(Date.parse('2026-07-01T00:30:00Z'), 'Asia/Tokyo')).toBe(9);
    expect(localHour(Date.parse('2026-01-15T00:30:00Z'), 'Asia/Tokyo')).toBe(9);
    // 13:30 UTC in winter: 8:30 in New York (not yet), 14:30 in Zurich, 22:30 in Tokyo (no longer).
    const at = Date.parse('2026-01-15T13:30:00Z');
    expect(isDigestDue('daily', null, at, 'America/New_York')).toBe(false);
    expect(isDigestDue('daily', null, at, ZURICH)).toBe(true);
    expect(isDigestDue('daily', null, at, 'Asia/Tokyo')).toBe(false);
  });

  it('sends only inside the reminder hours 9–22', () => {
    expect(isDigestDue('daily', null, zurich('2026-07-01T06:59:00Z'), ZURICH)).toBe(false);
    expect(isDigestDue('daily', null, zurich('2026-07-01T07:00:00Z'), ZURICH)).toBe(true);
    expect(isDigestDue('daily', null, zurich('2026-07-01T19:59:00Z'), ZURICH)).toBe(true);
    expect(isDigestDue('daily', null, zurich('2026-07-01T20:00:00Z'), ZURICH)).toBe(false);
  });

  it('sends a daily digest once per day on the owner’s clock: the next one from 9:00 the next morning', () => {
    // Sent at 20:30 in Zurich: not again that evening, but from 9:00 the next day (12.5 hours later).
    const evening = zurich('2026-07-01T18:30:00Z');
    expect(isDigestDue('daily', evening, evening + HOUR, ZURICH)).toBe(false);
    expect(isDigestDue('daily', evening, zurich('2026-07-02T06:59:00Z'), ZURICH)).toBe(false);
    expect(isDigestDue('daily', evening, zurich('2026-07-02T07:00:00Z'), ZURICH)).toBe(true);
    // Midnight is the owner's, not UTC's: 23:30 UTC is already the next day in Tokyo.
    const tokyoMorning = Date.parse('2026-07-01T00:30:00Z');
    expect(isDigestDue('daily', tokyoMorning, Date.parse('2026-07-01T12:30:00Z'), 'Asia/Tokyo')).toBe(false);
    expect(isDigestDue('daily', tokyoMorning, Date.parse('2026-07-02T00:30:00Z'), 'Asia/Tokyo')).toBe(true);
  });

  it('sends a weekly digest on the same weekday a week later, from 9:00', () => {
    const sent = zurich('2026-07-01T12:00:00Z');
    expect(isDigestDue('weekly', sent, sent + 6 * 24 * HOUR + 9 * HOUR, ZURICH)).toBe(false);
    expect(isDigestDue('weekly', sent, zurich('2026-07-08T07:00:00Z'), ZURICH)).toBe(true);
  });
});

describe('map extent of a saved search', () => {
  it('spans the map around its centre at the zoom (512-pixel world)', () => {
    expect(extentAround([0, 0], 0, 512, 512)).toEqual([-180, -85.05113, 180, 85.05113]);
    const [west, south, east, north] = extentAround([8.5, 47.2], 12, 1024, 768);
    expect(east - west).toBeCloseTo((1024 / (512 * 4096)) * 360, 5);
    expect(west).toBeLessThan(8.5);
    expect(south).toBeLessThan(47.2);
    expect(north).toBeGreaterThan(47.2);
  });
});
