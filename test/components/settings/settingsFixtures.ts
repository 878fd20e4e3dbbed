import type { AdminUser } from '../../../src/contract/Settings';
import { profileFixture, sessionFixture } from '../sessionFixture';

/** A map user's session with a full profile. */
export const USER_SESSION = sessionFixture({
  profile: profileFixture({
    companyName: 'Muster Immobilien AG',
    companyAddress: 'Bahnhofstrasse 1\n6300 Zug',
    defaultLanguage: 'de',
    teams: ['Valuation', 'Zug office'],
  }),
});

/** An administrator's session. */
export const ADMIN_SESSION = sessionFixture({
  profile: profileFixture({
    roles: ['MAPUSER', 'ADMIN'],
    name: 'Ada Admin',
    username: 'ada@example.ch',
    email: 'ada@example.ch',
  }),
});

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 'u-1',
    username: 'ben@example.ch',
    email: 'ben@example.ch',
    name: 'Ben Beispiel',
    status: 'active',
    roles: ['MAPUSER'],
    sites: [{ siteID: 'ZG-1', name: 'Zug Office' }],
    plan: 'Standard Plan',
    lastLoginAt: Date.UTC(2026, 10, 20, 8, 30),
    locked: false,
    lockedUntil: null,
    ...overrides,
  };
}
