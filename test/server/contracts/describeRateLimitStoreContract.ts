import type { MakeStores } from './ContractStores';

/** The rate limiter's counters, as every adapter must keep them. */
export function describeRateLimitStoreContract(makeStores: MakeStores<'rateLimits'>): void {
  let stores: ReturnType<typeof makeStores>;
  beforeEach(() => {
    stores = makeStores();
  });
  const state = (count: number, blockedUntil = 0) => ({
    count,
    windowStart: 1_000,
    blockedUntil,
    expiresAt: 10_000,
  });

  it('reads back what was written, per bucket and key, and overwrites it', () => {
    expect(stores.rateLimits.read('loginFailuresPerIp', '10.0.0.1')).toBeNull();
    stores.rateLimits.write('loginFailuresPerIp', '10.0.0.1', state(1));
    stores.rateLimits.write('loginFailuresPerIp', '10.0.0.1', state(2, 5_000));
    expect(stores.rateLimits.read('loginFailuresPerIp', '10.0.0.1')).toEqual(state(2, 5_000));
    expect(stores.rateLimits.read('registrationsPerIp', '10.0.0.1')).toBeNull();
    stores.rateLimits.remove('loginFailuresPerIp', '10.0.0.1');
    expect(stores.rateLimits.read('loginFailuresPerIp', '10.0.0.1')).toBeNull();
  });

  it('finds and removes counters by key prefix, taking % and _ literally', () => {
    stores.rateLimits.write('perAccountIp', 'a_b%|10.0.0.1', state(1, 7_000));
    stores.rateLimits.write('perAccountIp', 'a_b%|10.0.0.2', state(1, 9_000));
    stores.rateLimits.write('perAccountIp', 'axb1|10.0.0.3', state(1, 20_000));
    stores.rateLimits.write('otherBucket', 'a_b%|10.0.0.4', state(1, 30_000));
    expect(stores.rateLimits.blockedUntilWithPrefix('perAccountIp', 'a_b%|')).toBe(9_000);
    expect(stores.rateLimits.blockedUntilWithPrefix('perAccountIp', 'nobody|')).toBe(0);
    expect(stores.rateLimits.removeWithPrefix('perAccountIp', 'a_b%|')).toBe(2);
    expect(stores.rateLimits.read('perAccountIp', 'axb1|10.0.0.3')).not.toBeNull();
    expect(stores.rateLimits.read('otherBucket', 'a_b%|10.0.0.4')).not.toBeNull();
  });

  it('purges counters expired at a time', () => {
    stores.rateLimits.write('b', 'expired', { ...state(1), expiresAt: 5_000 });
    stores.rateLimits.write('b', 'alive', { ...state(1), expiresAt: 5_001 });
    stores.rateLimits.purgeExpired(5_000);
    expect(stores.rateLimits.read('b', 'expired')).toBeNull();
    expect(stores.rateLimits.read('b', 'alive')).not.toBeNull();
  });
}
