import pino from 'pino';
import { DEFAULT_TIME_ZONE } from '../../src/contract/Settings';
import { createSavedSearchAlerts } from '../../server/services/savedSearches/SavedSearchAlerts';
import { localHour, REMINDER_HOURS } from '../../server/services/savedSearches/digestSchedule';
import type {
  SavedSearchRecord,
  SavedSearchStore,
} from '../../server/store/contract/savedSearches/SavedSearchStore';
import type { PreferenceRecord } from '../../server/store/contract/settings/PreferenceStore';
import type { UserRecord } from '../../server/store/contract/users/UserStore';

const HOUR = 60 * 60 * 1000;

/** Three owners with a daily digest each: one who never chose a zone (Zurich), one in New York, one in Tokyo. */
const ZONES: Record<string, string | null> = {
  zurich: null,
  newYork: 'America/New_York',
  tokyo: 'Asia/Tokyo',
};

function search(ownerId: string): SavedSearchRecord {
  return {
    id: `search-${ownerId}`,
    ownerId,
    ownerName: ownerId,
    name: `Bauland ${ownerId}`,
    query: 'CANTON=ZG',
    area: null,
    alert: 'daily',
    siteId: null,
    siteName: null,
    matchedVersion: 'v1',
    digestAt: null,
    createdAt: 0,
    updatedAt: 0,
  };
}

/** The digests' service over stores in memory; it reads the time from Date.now (the fake timers' clock). */
function digests() {
  const searches = Object.keys(ZONES).map(search);
  const delivered: { ownerId: string; at: number }[] = [];
  const store: Partial<SavedSearchStore> = {
    alerting: async () => searches,
    // A match always waits, so every digest that falls due has something to tell.
    pendingMatches: async () => ['CH1'],
    claimDigest: async (id, lastAt, at) => {
      const claimed = searches.find((s) => s.id === id)!;
      if (claimed.digestAt !== lastAt) return false;
      claimed.digestAt = at;
      return true;
    },
    markAlerted: async () => undefined,
  };
  const alerts = createSavedSearchAlerts({
    searches: store as SavedSearchStore,
    matcher: {
      matches: async () => ({
        tooBroad: false,
        matches: [{ prcId: 'CH1', prcNo: '1', locname: 'Baar', canton: 'ZG' }],
      }),
    },
    parcels: { datasetVersion: async () => 'v1' },
    users: { findById: async (id) => ({ id, email: null, defaultLanguage: null }) as unknown as UserRecord },
    preferences: {
      get: async (userId): Promise<PreferenceRecord> => ({
        emailSignature: '',
        avatarFileId: null,
        timeZone: ZONES[userId] ?? DEFAULT_TIME_ZONE,
      }),
    },
    notifications: {
      notify: async (userId) => {
        delivered.push({ ownerId: userId, at: Date.now() });
        // The digests do not read the delivery report.
        return { delivered: 1, gone: 0, failed: 0, notification: null } as never;
      },
    },
    mailer: { send: async () => undefined, verify: async () => undefined },
    publicUrl: 'http://localhost',
    secret: 'test',
    log: pino({ level: 'silent' }),
  });
  return { alerts, delivered };
}

describe("saved-search digests in the owner's time zone", () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it.each([
    // Summer: Zurich UTC+2, New York UTC-4, Tokyo UTC+9.
    ['2026-07-01T13:30:00Z', ['zurich', 'newYork']], // 15:30, 9:30, 22:30
    ['2026-07-01T07:30:00Z', ['zurich', 'tokyo']], // 9:30, 3:30, 16:30
    ['2026-07-01T02:30:00Z', ['tokyo']], // 4:30, 22:30, 11:30
    ['2026-07-01T06:30:00Z', ['tokyo']], // 8:30, 2:30, 15:30
    ['2026-07-01T23:30:00Z', ['newYork']], // 1:30, 19:30, 8:30
    // Winter: Zurich UTC+1, New York UTC-5, Tokyo still UTC+9.
    ['2026-01-15T13:30:00Z', ['zurich']], // 14:30, 8:30, 22:30
    ['2026-01-15T14:30:00Z', ['zurich', 'newYork']], // 15:30, 9:30, 23:30
  ])('at %s the digests due are those of %j, whose clocks show 9 to 22', async (at, due) => {
    jest.useFakeTimers({ now: Date.parse(at) });
    const { alerts, delivered } = digests();
    await alerts.sendDueDigests();
    expect(delivered.map((d) => d.ownerId).sort()).toEqual([...due].sort());
  });

  it('checked every hour for two days, every digest goes out inside the reminder hours on its owner’s clock', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-07-01T00:30:00Z') });
    const { alerts, delivered } = digests();
    for (let hour = 0; hour < 48; hour += 1) {
      await alerts.sendDueDigests();
      jest.advanceTimersByTime(HOUR);
    }
    const utc = (ownerId: string) =>
      delivered.filter((d) => d.ownerId === ownerId).map((d) => new Date(d.at).toISOString().slice(5, 16));
    // The first of each day at 9:30 local: 7:30 UTC in Zurich, 0:30 UTC in Tokyo.
    expect(utc('zurich')).toEqual(['07-01T07:30', '07-02T07:30']);
    expect(utc('tokyo')).toEqual(['07-01T00:30', '07-02T00:30']);
    // New York's evening (20:30 local) when the checks start, then each morning at 9:30 local (13:30 UTC):
    // once a day on the owner's calendar, without drifting an hour a day towards the morning.
    expect(utc('newYork')).toEqual(['07-01T00:30', '07-01T13:30', '07-02T13:30']);
    for (const { ownerId, at } of delivered) {
      const hour = localHour(at, ZONES[ownerId] ?? DEFAULT_TIME_ZONE);
      expect([ownerId, hour >= REMINDER_HOURS.from && hour < REMINDER_HOURS.until]).toEqual([ownerId, true]);
    }
  });
});
