import type { ApiKeyRecord } from '../../../server/store/contract/apiKeys/ApiKeyStore';
import type { MakeStores } from './ContractStores';

/** Personal API keys and the per-item quota counting of the OGC API, as every adapter must keep them. */
export function describeApiKeyContract(makeStores: MakeStores<'users' | 'apiKeys' | 'usage'>): void {
  let stores: ReturnType<typeof makeStores>;
  let anna: string;
  let ben: string;
  beforeEach(async () => {
    stores = makeStores();
    const create = async (username: string, companyName: string) => {
      const user = await stores.users.create({
        username,
        email: username,
        passwordHash: 'h',
        status: 'active',
        roles: ['MAPUSER'],
      });
      await stores.users.updateProfile(user.id, { companyName });
      return user.id;
    };
    anna = await create('anna@x.ch', 'Vermessung Zug AG');
    ben = await create('ben@x.ch', 'Other GmbH');
  });
  const key = (id: string, userId: string, createdAt: number): ApiKeyRecord => ({
    id,
    userId,
    name: `key ${id}`,
    prefix: `pa_${id}`,
    scopes: ['features', 'tiles'],
    createdAt,
    expiresAt: createdAt + 1_000,
    lastUsedAt: null,
    revokedAt: null,
  });

  it('finds a usable key by its hash only, and tells revoked and expired keys apart', async () => {
    await stores.apiKeys.add('hash-a', key('a', anna, 100));
    expect(await stores.apiKeys.findUsable('hash-a', 500)).toEqual(key('a', anna, 100));
    expect(await stores.apiKeys.findUsable('hash-a', 1_100)).toBeNull();
    expect(await stores.apiKeys.findUsable('hash-x', 500)).toBeNull();
    expect(await stores.apiKeys.revokeOwn('a', ben, 600)).toBe(false);
    expect(await stores.apiKeys.revokeOwn('a', anna, 600)).toBe(true);
    expect(await stores.apiKeys.revokeOwn('a', anna, 700)).toBe(false);
    expect(await stores.apiKeys.findUsable('hash-a', 650)).toBeNull();
    expect((await stores.apiKeys.findByHash('hash-a'))?.revokedAt).toBe(600);
  });

  it('lists keys newest first, counts the usable ones and notes the last use coarsely', async () => {
    await stores.apiKeys.add('hash-a', key('a', anna, 100));
    await stores.apiKeys.add('hash-b', key('b', anna, 200));
    await stores.apiKeys.add('hash-c', key('c', ben, 300));
    expect((await stores.apiKeys.listForUser(anna)).map((k) => k.id)).toEqual(['b', 'a']);
    expect(await stores.apiKeys.countUsable(anna, 1_150)).toBe(1);
    await stores.apiKeys.touch('b', 400, 60);
    await stores.apiKeys.touch('b', 430, 60);
    expect((await stores.apiKeys.findByHash('hash-b'))?.lastUsedAt).toBe(400);
    await stores.apiKeys.touch('b', 470, 60);
    expect((await stores.apiKeys.findByHash('hash-b'))?.lastUsedAt).toBe(470);
  });

  it("lists and revokes a company's keys, matching its name without case or spaces", async () => {
    await stores.apiKeys.add('hash-a', key('a', anna, 100));
    await stores.apiKeys.add('hash-c', key('c', ben, 300));
    const listed = await stores.apiKeys.listForCompany(' vermessung zug ag');
    expect(listed.map((k) => [k.id, k.ownerUsername])).toEqual([['a', 'anna@x.ch']]);
    expect(await stores.apiKeys.revokeInCompany('c', 'Vermessung Zug AG', 500)).toBe(false);
    expect(await stores.apiKeys.revokeInCompany('a', 'Vermessung Zug AG', 500)).toBe(true);
  });

  it('counts many items at once: new keys only, all or none within the limit', async () => {
    const period = '2026-11-01T00:00:00.000Z';
    expect(await stores.usage.recordDistinctMany(anna, period, 'full_view', ['p1', 'p2', 'p3'])).toEqual([
      'p1',
      'p2',
      'p3',
    ]);
    expect(await stores.usage.tryIncrementBy(anna, period, 'full_view', 3, 4)).toBe(true);
    const fresh = await stores.usage.recordDistinctMany(anna, period, 'full_view', ['p3', 'p4', 'p5']);
    expect(fresh.sort()).toEqual(['p4', 'p5']);
    expect(await stores.usage.tryIncrementBy(anna, period, 'full_view', 2, 4)).toBe(false);
    await stores.usage.forgetDistinctMany(anna, period, 'full_view', fresh);
    expect((await stores.usage.read(anna, period)).full_view).toBe(3);
    expect(await stores.usage.recordDistinctMany(anna, period, 'full_view', ['p4'])).toEqual(['p4']);
    expect(await stores.usage.tryIncrementBy(anna, period, 'full_view', 1, 4)).toBe(true);
    expect((await stores.usage.read(anna, period)).full_view).toBe(4);
    expect(await stores.usage.tryIncrementBy(ben, period, 'full_view', 5, 4)).toBe(false);
    expect((await stores.usage.read(ben, period)).full_view).toBe(0);
  });
}
