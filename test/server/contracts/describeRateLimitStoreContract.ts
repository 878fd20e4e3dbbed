import type { MakeStores } from './ContractStores';

/** The rate limiter's counters, as every adapter must keep them. */
export function describeRateLimitStoreContract(makeStores: MakeStores<'rateLimits'>): void {
  let stores: ReturnType<typeof makeStores>;
  beforeEach(async () => {
    stores = makeStores();
  });
  const state = (count: number, blockedUntil = 0) => ({
    count,
    windowStart: 1_000,
    blockedUntil,
    expiresAt: 10_000,
  });

  it('reads back what was written, per bucket and key, and overwrites it', async () => {
    expect(await stores.rateLimits.read('loginFailuresPerIp', '10.0.0.1')).toBeNull();
    await stores.rateLimits.write('loginFailuresPerIp', '10.0.0.1', state(1));
    await stores.rateLimits.write('loginFailuresPerIp', '10.0.0.1', state(2, 5_000));
    expect(await stores.rateLimits.read('loginFailuresPerIp', '10.0.0.1')).toEqual(state(2, 5_000));
    expect(await stores.rateLimits.read('registrationsPerIp', '10.0.0.1')).toBeNull();
    await stores.rateLimits.remove('loginFailuresPerIp', '10.0.0.1');
    expect(await stores.rateLimits.read('loginFailuresPerIp', '10.0.0.1')).toBeNull();
  });

  it('finds and removes counters by key prefix, taking % and _ literally', async () => {
    await stores.rateLimits.write('perAccountIp', 'a_b%|10.0.0.1', state(1, 7_000));
    await stores.rateLimits.write('perAccountIp', 'a_b%|10.0.0.2', state(1, 9_000));
    await stores.rateLimits.write('perAccountIp', 'axb1|10.0.0.3', state(1, 20_000));
    await stores.rateLimits.write('otherBucket', 'a_b%|10.0.0.4', state(1, 30_000));
    expect(await stores.rateLimits.blockedUntilWithPrefix('perAccountIp', 'a_b%|')).toBe(9_000);
    expect(await stores.rateLimits.blockedUntilWithPrefix('perAccountIp', 'nobody|')).toBe(0);
    expect(await stores.rateLimits.removeWithPrefix('perAccountIp', 'a_b%|')).toBe(2);
    expect(await stores.rateLimits.read('perAccountIp', 'axb1|10.0.0.3')).not.toBeNull();
    expect(await stores.rateLimits.read('otherBucket', 'a_b%|10.0.0.4')).not.toBeNull();
  });

  it('purges counters expired at a time', async () => {
    await stores.rateLimits.write('b', 'expired', { ...state(1), expiresAt: 5_000 });
    await stores.rateLimits.write('b', 'alive', { ...state(1), expiresAt: 5_001 });
    await stores.rateLimits.purgeExpired(5_000);
    expect(await stores.rateLimits.read('b', 'expired')).toBeNull();
    expect(await stores.rateLimits.read('b', 'alive')).not.toBeNull();
  });
}
