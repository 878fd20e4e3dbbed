import type { Profile } from '../../src/contract/Profile';
import type { SessionState } from '../../src/features/auth/sessionSlice';
import { TOKEN_CACHE_S } from '../../src/lib/timing';

/** A map user's profile; override any field. */
export function profileFixture(overrides: Partial<Profile> = {}): Profile {
  return {
    roles: ['MAPUSER'],
    accessRights: [],
    sites: [],
    username: 'anna@example.ch',
    name: 'Anna Muster',
    email: 'anna@example.ch',
    phone: '+41 44 000 00 00',
    teams: [],
    ...overrides,
  };
}

/** A logged-in session (fresh profile, both tokens valid for their whole lifetime) for preloadedState. */
export function sessionFixture(
  overrides: Partial<SessionState> = {},
  now: number = Date.now(),
): SessionState {
  const expiresAt = now + TOKEN_CACHE_S * 1000;
  return {
    ssoToken: { value: 'sso-token', expiresAt },
    mainToken: { value: 'main-token', expiresAt },
    profile: profileFixture(),
    profileFetchedAt: now,
    ...overrides,
  };
}
