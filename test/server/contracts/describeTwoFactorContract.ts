import type { MakeStores } from './ContractStores';

/** Second factors as every adapter must keep them: single use, no replay, the sites' requirement. */
export function describeTwoFactorContract(makeStores: MakeStores<'users' | 'twoFactor' | 'sites'>): void {
  const now = 1_700_000_000_000;
  let stores: ReturnType<typeof makeStores>;
  let userId: string;
  beforeEach(async () => {
    stores = makeStores();
    userId = (
      await stores.users.create({
        username: 'vera@example.ch',
        email: 'vera@example.ch',
        passwordHash: 'hash',
        status: 'active',
        roles: ['MAPUSER'],
      })
    ).id;
  });

  it('keeps an unconfirmed app replaceable, a confirmed one not, and each step once', async () => {
    const { twoFactor } = stores;
    expect(await twoFactor.findTotp(userId)).toBeNull();
    expect(await twoFactor.startTotp(userId, 'sealed-1', now)).toBe(true);
    expect(await twoFactor.startTotp(userId, 'sealed-2', now)).toBe(true);
    expect(await twoFactor.findTotp(userId)).toEqual({ secret: 'sealed-2', confirmedAt: null, lastStep: 0 });
    expect(await twoFactor.isEnrolled(userId)).toBe(false);
    expect(await twoFactor.acceptTotpStep(userId, 100, now + 1)).toBe(true);
    expect(await twoFactor.findTotp(userId)).toEqual({
      secret: 'sealed-2',
      confirmedAt: now + 1,
      lastStep: 100,
    });
    expect(await twoFactor.isEnrolled(userId)).toBe(true);
    expect(await twoFactor.startTotp(userId, 'sealed-3', now)).toBe(false);
    const parallel = await Promise.all(
      [101, 101, 101].map((step) => twoFactor.acceptTotpStep(userId, step, now)),
    );
    expect(parallel.filter(Boolean)).toHaveLength(1);
    expect(await twoFactor.acceptTotpStep(userId, 100, now)).toBe(false);
    expect((await twoFactor.findTotp(userId))?.confirmedAt).toBe(now + 1);
  });

  it('spends each recovery code once; removing the app removes the codes', async () => {
    const { twoFactor } = stores;
    await twoFactor.startTotp(userId, 'sealed', now);
    await twoFactor.replaceRecoveryCodes(userId, ['h1', 'h2']);
    expect(await twoFactor.remainingRecoveryCodes(userId)).toBe(2);
    const parallel = await Promise.all([1, 2, 3].map(() => twoFactor.useRecoveryCode(userId, 'h1', now)));
    expect(parallel.filter(Boolean)).toHaveLength(1);
    expect(await twoFactor.useRecoveryCode(userId, 'nope', now)).toBe(false);
    expect(await twoFactor.remainingRecoveryCodes(userId)).toBe(1);
    await twoFactor.removeTotp(userId);
    expect(await twoFactor.findTotp(userId)).toBeNull();
    expect(await twoFactor.remainingRecoveryCodes(userId)).toBe(0);
  });

  it('spends a pending login once and never after it expired', async () => {
    const { twoFactor } = stores;
    await twoFactor.addPendingLogin('k1', { userId, challenge: 'c1', expiresAt: now + 1000 });
    await twoFactor.addPendingLogin('k2', { userId, challenge: 'c2', expiresAt: now + 1000 });
    expect(await twoFactor.findPendingLogin('k1', now)).toEqual({
      userId,
      challenge: 'c1',
      expiresAt: now + 1000,
    });
    const parallel = await Promise.all([1, 2].map(() => twoFactor.consumePendingLogin('k1', now)));
    expect(parallel.filter(Boolean)).toHaveLength(1);
    expect(await twoFactor.findPendingLogin('k1', now)).toBeNull();
    expect(await twoFactor.findPendingLogin('k2', now + 1000)).toBeNull();
    expect(await twoFactor.consumePendingLogin('k2', now + 1000)).toBe(false);
    await twoFactor.purgeExpiredPendingLogins(now + 1000);
    expect(await twoFactor.findPendingLogin('k2', now)).toBeNull();
  });

  it('spends a passkey sign-in challenge once, never after it expired, and forgets expired ones', async () => {
    const { twoFactor } = stores;
    await twoFactor.addPasskeySignIn('h1', now + 1000);
    await twoFactor.addPasskeySignIn('h2', now + 1000);
    const parallel = await Promise.all([1, 2, 3].map(() => twoFactor.takePasskeySignIn('h1', now)));
    expect(parallel.filter(Boolean)).toHaveLength(1);
    expect(await twoFactor.takePasskeySignIn('h1', now)).toBe(false);
    expect(await twoFactor.takePasskeySignIn('unknown', now)).toBe(false);
    expect(await twoFactor.takePasskeySignIn('h2', now + 1000)).toBe(false);
    await twoFactor.purgeExpiredPendingLogins(now + 1000);
    // A purged challenge stays spent: its hash can be kept again, as a new one.
    await twoFactor.addPasskeySignIn('h2', now + 5000);
    expect(await twoFactor.takePasskeySignIn('h2', now + 2000)).toBe(true);
  });

  it('keeps named passkeys, their counters and one registration challenge', async () => {
    const { twoFactor } = stores;
    const key = {
      id: 'cred-1',
      userId,
      name: 'Laptop',
      publicKey: 'pk',
      counter: 0,
      transports: ['internal'],
      createdAt: now,
      lastUsedAt: null,
    };
    await twoFactor.addPasskey(key);
    await twoFactor.addPasskey({ ...key, id: 'cred-2', name: 'Key', createdAt: now + 1 });
    expect((await twoFactor.listPasskeys(userId)).map((k) => k.name)).toEqual(['Laptop', 'Key']);
    expect(await twoFactor.isEnrolled(userId)).toBe(true);
    await twoFactor.usePasskey('cred-1', 7, now + 5);
    expect(await twoFactor.findPasskey('cred-1')).toEqual({ ...key, counter: 7, lastUsedAt: now + 5 });
    expect(await twoFactor.renamePasskey(userId, 'cred-1', 'Office')).toBe(true);
    expect(await twoFactor.renamePasskey('someone-else', 'cred-1', 'Mine')).toBe(false);
    expect(await twoFactor.removePasskey('someone-else', 'cred-2')).toBe(false);
    expect(await twoFactor.removePasskey(userId, 'cred-2')).toBe(true);
    expect((await twoFactor.listPasskeys(userId)).map((k) => k.name)).toEqual(['Office']);
    await twoFactor.saveChallenge(userId, 'old', now + 1000);
    await twoFactor.saveChallenge(userId, 'new', now + 1000);
    expect(await twoFactor.takeChallenge(userId, now)).toBe('new');
    expect(await twoFactor.takeChallenge(userId, now)).toBeNull();
    await twoFactor.saveChallenge(userId, 'late', now);
    expect(await twoFactor.takeChallenge(userId, now)).toBeNull();
  });

  it('requires a second factor of the accounts of a required site only', async () => {
    const { twoFactor, sites, users } = stores;
    await sites.save({ id: 'zug', name: 'Zug' });
    await sites.save({ id: 'bern', name: 'Bern' });
    await users.setSites(userId, ['zug']);
    expect(await twoFactor.isRequired(userId)).toBe(false);
    await twoFactor.setSiteRequirement('bern', true, now);
    expect(await twoFactor.isRequired(userId)).toBe(false);
    await twoFactor.setSiteRequirement('zug', true, now);
    await twoFactor.setSiteRequirement('zug', true, now);
    expect(await twoFactor.isRequired(userId)).toBe(true);
    expect(await twoFactor.requiringSites()).toEqual(['bern', 'zug']);
    await twoFactor.setSiteRequirement('zug', false, now);
    expect(await twoFactor.isRequired(userId)).toBe(false);
  });
}
