/**
 * Passwords are stored as argon2id with the library's defaults: 64 MiB of memory, 3 passes, 4 lanes. The
 * server and end-to-end tests hash at argon2's cheapest (test/helpers/testPasswordCost.cjs) to stay fast;
 * this file runs without that, so it is what proves the cost production pays.
 */
import argon2 from 'argon2';
import { passwordHasher } from '../../server/services/accounts/credentials';

describe('password hashing cost in production', () => {
  it('hashes with argon2id, 64 MiB, 3 passes and 4 lanes, and verifies the result', async () => {
    const hash = await passwordHasher.hash('Str0ng!Pass');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await passwordHasher.verify(hash, 'Str0ng!Pass')).toBe(true);
    expect(await passwordHasher.verify(hash, 'Str0ng!Pass2')).toBe(false);
    expect(argon2.needsRehash(hash)).toBe(false);
  });

  it('a test process that loads test/helpers/testPasswordCost.cjs hashes at argon2’s cheapest instead', async () => {
    const { TEST_COST } = jest.requireActual<{ TEST_COST: Record<string, number> }>(
      '../helpers/testPasswordCost.cjs',
    );
    expect(TEST_COST).toEqual({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    expect(await passwordHasher.hash('Str0ng!Pass')).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
  });
});
