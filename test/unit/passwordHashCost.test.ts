/**
 * Passwords are stored as argon2id with the library's defaults: 64 MiB of memory, 3 passes, 4 lanes. The
 * server and end-to-end tests hash at argon2's cheapest (test/helpers/testPasswordCost.cjs) to stay fast;
 * this file runs without that, so it is what proves the cost production pays.
 */
import { createRequire } from 'node:module';
import argon2 from 'argon2';
import { passwordHasher } from '../../server/services/accounts/credentials';
import { isGuessablePassword } from '../../server/services/accounts/passwordPolicy';

type Estimator = import('@zxcvbn-ts/core').ZxcvbnFactory;

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

  it('such a process ranks each set of dictionaries once and estimates a password once per estimator; the policy’s answer stays the same', () => {
    // Node's own copy of zxcvbn, the one passwordPolicy.ts loads (jest's registry would give another).
    const zxcvbn = createRequire(__filename)('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
    const guessableBefore = [isGuessablePassword('Str0ng!Pass'), isGuessablePassword('Atlas#2026probing')];
    // The helper changes the worker's one zxcvbn: put back for the unit files after this one.
    const unchanged = { factory: zxcvbn.ZxcvbnFactory, check: zxcvbn.ZxcvbnFactory.prototype.check };
    jest.requireActual('../helpers/testPasswordCost.cjs');
    try {
      const { ZxcvbnFactory } = zxcvbn;
      const options = { dictionary: { words: ['atlas', 'parcel'] } };
      const estimator: Estimator = new ZxcvbnFactory(options);
      expect(estimator).toBeInstanceOf(ZxcvbnFactory);
      const first = estimator.check('Atlas#2026probing');
      expect(estimator.check('Atlas#2026probing')).toBe(first);
      // The same dictionaries again (a later test file's policy): the estimator already ranked.
      expect(new ZxcvbnFactory({ dictionary: { words: ['atlas', 'parcel'] } })).toBe(estimator);
      // Other dictionaries get an estimator of their own, and user inputs are estimated afresh.
      const other: Estimator = new ZxcvbnFactory({ dictionary: { words: ['probing'] } });
      expect(other).not.toBe(estimator);
      const otherAnswer = other.check('Atlas#2026probing');
      expect(otherAnswer).not.toBe(first);
      expect(otherAnswer.sequence.map((match) => match.token)).toContain('probing');
      expect(estimator.check('Atlas#2026probing', ['atlas'])).not.toBe(first);
      expect([isGuessablePassword('Str0ng!Pass'), isGuessablePassword('Atlas#2026probing')]).toEqual(
        guessableBefore,
      );
    } finally {
      zxcvbn.ZxcvbnFactory = unchanged.factory;
      unchanged.factory.prototype.check = unchanged.check;
    }
  });
});
