import type { PushSubscriptionRecord } from '../../../server/store/contract/push/PushSubscriptionStore';
import type { MakeStores } from './ContractStores';

/** Web push subscriptions and one-time tokens, as every adapter must keep them. */
export function describePushAndTokenContract(
  makeStores: MakeStores<'users' | 'pushSubscriptions' | 'oneTimeTokens'>,
): void {
  let stores: ReturnType<typeof makeStores>;
  let anna: string;
  let ben: string;
  beforeEach(async () => {
    stores = makeStores();
    const create = async (username: string) =>
      (
        await stores.users.create({
          username,
          email: username,
          passwordHash: 'h',
          status: 'active',
          roles: ['user'],
        })
      ).id;
    anna = await create('anna@x.ch');
    ben = await create('ben@x.ch');
  });
  const browser = (
    endpoint: string,
    userId: string,
    createdAt: number,
    sessionId: string | null = 's1',
  ): PushSubscriptionRecord => ({
    endpoint,
    userId,
    sessionId,
    p256dh: 'key',
    auth: 'auth',
    device: 'Firefox on Linux',
    createdAt,
  });

  describe('push subscriptions', () => {
    it("keeps one row per browser: another user's subscription on it takes the row over", async () => {
      await stores.pushSubscriptions.save(browser('https://push/1', anna, 1));
      await stores.pushSubscriptions.save(browser('https://push/2', anna, 2));
      await stores.pushSubscriptions.save(browser('https://push/1', ben, 3));
      expect((await stores.pushSubscriptions.listForUser(anna)).map((s) => s.endpoint)).toEqual([
        'https://push/2',
      ]);
      expect(await stores.pushSubscriptions.findForUser(ben, 'https://push/1')).toEqual(
        browser('https://push/1', ben, 3),
      );
      expect(await stores.pushSubscriptions.findForUser(anna, 'https://push/1')).toBeNull();
    });

    it('finds an endpoint whoever holds it', async () => {
      await stores.pushSubscriptions.save(browser('https://push/owned', anna, 1));
      expect(await stores.pushSubscriptions.findByEndpoint('https://push/owned')).toEqual(
        browser('https://push/owned', anna, 1),
      );
      expect(await stores.pushSubscriptions.findByEndpoint('https://push/none')).toBeNull();
    });

    it('removes by user, by endpoint and by revoked sessions, and trims to the newest', async () => {
      await stores.pushSubscriptions.save(browser('https://push/a', anna, 1, 's1'));
      await stores.pushSubscriptions.save(browser('https://push/b', anna, 2, 's2'));
      await stores.pushSubscriptions.save(browser('https://push/c', anna, 3, 's3'));
      await stores.pushSubscriptions.save(browser('https://push/d', anna, 4, null));
      await stores.pushSubscriptions.save(browser('https://push/e', anna, 5, 's5'));
      expect(await stores.pushSubscriptions.removeForUser(ben, 'https://push/a')).toBe(false);
      expect(await stores.pushSubscriptions.removeForUser(anna, 'https://push/a')).toBe(true);
      await stores.pushSubscriptions.removeEndpoint('https://push/b');
      expect(await stores.pushSubscriptions.removeForSessions([])).toBe(0);
      expect(await stores.pushSubscriptions.removeForSessions(['s3', 'unknown'])).toBe(1);
      await stores.pushSubscriptions.save(browser('https://push/f', anna, 6, 's6'));
      expect(await stores.pushSubscriptions.trimForUser(anna, 2)).toBe(1);
      expect((await stores.pushSubscriptions.listForUser(anna)).map((s) => s.endpoint)).toEqual([
        'https://push/e',
        'https://push/f',
      ]);
    });
  });

  describe('one-time tokens', () => {
    const token = {
      tokenHash: 'h1',
      userId: 'u1',
      sessionId: 's1',
      prcId: 'ZG-1',
      purpose: 'report',
      expiresAt: 10_000,
    };

    it('hands a token out once, while it is unexpired', async () => {
      await stores.oneTimeTokens.save(token);
      expect(await stores.oneTimeTokens.take('h1', 10_000)).toBeNull();
      expect(await stores.oneTimeTokens.take('h1', 5_000)).toEqual(token);
      expect(await stores.oneTimeTokens.take('h1', 5_001)).toBeNull();
      expect(await stores.oneTimeTokens.find('h1')).toEqual({ ...token, usedAt: 5_000 });
      expect(await stores.oneTimeTokens.take('unknown', 1)).toBeNull();
      expect(await stores.oneTimeTokens.find('unknown')).toBeNull();
    });

    it('purges tokens expired before a time', async () => {
      await stores.oneTimeTokens.save(token);
      await stores.oneTimeTokens.save({ ...token, tokenHash: 'h2', expiresAt: 20_000 });
      await stores.oneTimeTokens.purgeExpired(10_001);
      expect(await stores.oneTimeTokens.find('h1')).toBeNull();
      expect(await stores.oneTimeTokens.find('h2')).not.toBeNull();
    });
  });
}
