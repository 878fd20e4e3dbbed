import type { MakeStores } from './ContractStores';

/** Sign-in sessions, revoked rather than deleted, as every adapter must keep them. */
export function describeSessionStoreContract(makeStores: MakeStores<'users' | 'sessions'>): void {
  const now = 1_700_000_000_000;
  let stores: ReturnType<typeof makeStores>;
  let userId: string;
  beforeEach(() => {
    stores = makeStores();
    userId = stores.users.create({
      username: 'anna@example.ch',
      email: 'anna@example.ch',
      passwordHash: 'hash',
      status: 'active',
      roles: ['user'],
    }).id;
  });

  it('starts a session and finds it', () => {
    const session = stores.sessions.create(userId, now);
    expect(session).toEqual({
      id: expect.any(String),
      userId,
      createdAt: now,
      lastSeenAt: now,
      revokedAt: null,
    });
    expect(stores.sessions.find(session.id)).toEqual(session);
    expect(stores.sessions.find('no-such-session')).toBeNull();
    expect(stores.sessions.create(userId, now).id).not.toBe(session.id);
  });

  it('records when a session was last used', () => {
    const session = stores.sessions.create(userId, now);
    stores.sessions.touch(session.id, now + 5_000);
    expect(stores.sessions.find(session.id)?.lastSeenAt).toBe(now + 5_000);
  });

  it('revokes a session once', () => {
    const session = stores.sessions.create(userId, now);
    expect(stores.sessions.revoke(session.id, now + 1)).toBe(true);
    expect(stores.sessions.revoke(session.id, now + 2)).toBe(false);
    expect(stores.sessions.find(session.id)?.revokedAt).toBe(now + 1);
    expect(stores.sessions.revoke('no-such-session', now)).toBe(false);
  });

  it('revokes every open session of a user but the one kept, and says which', () => {
    const kept = stores.sessions.create(userId, now);
    const other = stores.sessions.create(userId, now);
    const ended = stores.sessions.create(userId, now);
    stores.sessions.revoke(ended.id, now);
    expect(stores.sessions.revokeAllForUser(userId, now + 1, kept.id)).toEqual([other.id]);
    expect(stores.sessions.find(kept.id)?.revokedAt).toBeNull();
    expect(stores.sessions.find(other.id)?.revokedAt).toBe(now + 1);
    expect(stores.sessions.revokeAllForUser(userId, now + 2).sort()).toEqual([kept.id]);
  });

  it('purges sessions revoked or idle since before a time', () => {
    const revoked = stores.sessions.create(userId, now);
    stores.sessions.revoke(revoked.id, now);
    const idle = stores.sessions.create(userId, now);
    const recent = stores.sessions.create(userId, now);
    stores.sessions.touch(recent.id, now + 10_000);
    stores.sessions.purgeEnded(now + 5_000);
    expect(stores.sessions.find(revoked.id)).toBeNull();
    expect(stores.sessions.find(idle.id)).toBeNull();
    expect(stores.sessions.find(recent.id)).not.toBeNull();
  });
}
