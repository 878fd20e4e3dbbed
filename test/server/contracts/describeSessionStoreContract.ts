import type { MakeStores } from './ContractStores';

/** Sign-in sessions, revoked rather than deleted, as every adapter must keep them. */
export function describeSessionStoreContract(makeStores: MakeStores<'users' | 'sessions'>): void {
  const now = 1_700_000_000_000;
  let stores: ReturnType<typeof makeStores>;
  let userId: string;
  beforeEach(async () => {
    stores = makeStores();
    userId = (
      await stores.users.create({
        username: 'anna@example.ch',
        email: 'anna@example.ch',
        passwordHash: 'hash',
        status: 'active',
        roles: ['user'],
      })
    ).id;
  });

  it('starts a session and finds it', async () => {
    const session = await stores.sessions.create(userId, now);
    expect(session).toEqual({
      id: expect.any(String),
      userId,
      createdAt: now,
      lastSeenAt: now,
      revokedAt: null,
    });
    expect(await stores.sessions.find(session.id)).toEqual(session);
    expect(await stores.sessions.find('no-such-session')).toBeNull();
    expect((await stores.sessions.create(userId, now)).id).not.toBe(session.id);
  });

  it('records when a session was last used', async () => {
    const session = await stores.sessions.create(userId, now);
    await stores.sessions.touch(session.id, now + 5_000);
    expect((await stores.sessions.find(session.id))?.lastSeenAt).toBe(now + 5_000);
  });

  it('revokes a session once', async () => {
    const session = await stores.sessions.create(userId, now);
    expect(await stores.sessions.revoke(session.id, now + 1)).toBe(true);
    expect(await stores.sessions.revoke(session.id, now + 2)).toBe(false);
    expect((await stores.sessions.find(session.id))?.revokedAt).toBe(now + 1);
    expect(await stores.sessions.revoke('no-such-session', now)).toBe(false);
  });

  it('revokes every open session of a user but the one kept, and says which', async () => {
    const kept = await stores.sessions.create(userId, now);
    const other = await stores.sessions.create(userId, now);
    const ended = await stores.sessions.create(userId, now);
    await stores.sessions.revoke(ended.id, now);
    expect(await stores.sessions.revokeAllForUser(userId, now + 1, kept.id)).toEqual([other.id]);
    expect((await stores.sessions.find(kept.id))?.revokedAt).toBeNull();
    expect((await stores.sessions.find(other.id))?.revokedAt).toBe(now + 1);
    expect((await stores.sessions.revokeAllForUser(userId, now + 2)).sort()).toEqual([kept.id]);
  });

  it('purges sessions revoked or idle since before a time', async () => {
    const revoked = await stores.sessions.create(userId, now);
    await stores.sessions.revoke(revoked.id, now);
    const idle = await stores.sessions.create(userId, now);
    const recent = await stores.sessions.create(userId, now);
    await stores.sessions.touch(recent.id, now + 10_000);
    await stores.sessions.purgeEnded(now + 5_000);
    expect(await stores.sessions.find(revoked.id)).toBeNull();
    expect(await stores.sessions.find(idle.id)).toBeNull();
    expect(await stores.sessions.find(recent.id)).not.toBeNull();
  });
}
