/**
 * Password guesses are reserved against the throttle before the hash is checked, so parallel guesses
 * cannot all be verified before the first refusal; a correct password gives its reservation back.
 */
import argon2 from 'argon2';
import { LOGIN_THROTTLES } from '../../server/services/accounts/rateLimits';
import { appWithThrottledOwner, THROTTLED_OWNER } from './helpers/createAccount';

const { username: OWNER, password: PASSWORD } = THROTTLED_OWNER;
const PAIR = LOGIN_THROTTLES.loginFailuresPerAccountIp;

describe('password-guess reservation', () => {
  const testApp = appWithThrottledOwner();

  /** The hash check itself is not under test: a stand-in that takes a little time, as argon2 does. */
  let verified = 0;
  beforeEach(() => {
    verified = 0;
    jest.spyOn(argon2, 'verify').mockImplementation(async (_hash, password) => {
      verified += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return password === PASSWORD;
    });
  });

  const login = (password: string, remoteAddress: string, username = OWNER) =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username, password },
      remoteAddress,
    });

  it('40 parallel wrong passwords for one account: at most 5 are verified, the rest answer 429', async () => {
    const replies = await Promise.all(
      Array.from({ length: 40 }, () => login('Wrong!Pass1', '198.51.100.40')),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(verified).toBeLessThanOrEqual(PAIR.freeFailures);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(PAIR.freeFailures);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(40 - PAIR.freeFailures);
  }, 60_000);

  it('sequential wrong passwords: 5 are checked, the 6th waits', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PAIR.freeFailures + 1; i += 1)
      statuses.push((await login('Wrong!Pass1', '198.51.100.41')).statusCode);
    expect(statuses).toEqual([...Array(PAIR.freeFailures).fill(401), 429]);
  }, 60_000);

  it('a correct password gives its reservation back: signing in does not count as a failure', async () => {
    for (let i = 0; i < 20; i += 1) expect((await login(PASSWORD, '198.51.100.42')).statusCode).toBe(200);
    const ip = '198.51.100.43';
    for (let i = 0; i < PAIR.freeFailures - 1; i += 1)
      expect((await login('Wrong!Pass1', ip)).statusCode).toBe(401);
    expect((await login(PASSWORD, ip)).statusCode).toBe(200);
    // The success forgot the pair's failures: five more guesses are checked again.
    for (let i = 0; i < PAIR.freeFailures; i += 1)
      expect((await login('Wrong!Pass1', ip)).statusCode).toBe(401);
    expect((await login('Wrong!Pass1', ip)).statusCode).toBe(429);
  }, 60_000);

  it('per address: parallel failures over many accounts are reserved too', async () => {
    const { freeFailures } = LOGIN_THROTTLES.loginFailuresPerIp;
    const replies = await Promise.all(
      Array.from({ length: freeFailures + 40 }, (_, i) =>
        login('nope', '203.0.113.60', `typo${i}@muster.ch`),
      ),
    );
    expect(verified).toBeLessThanOrEqual(freeFailures);
    expect(replies.filter((reply) => reply.statusCode === 429)).toHaveLength(40);
  }, 60_000);

  it('re-authentication: 40 parallel wrong current passwords, at most 5 verified', async () => {
    const token = (await login(PASSWORD, '10.0.0.9')).json().token as string;
    verified = 0;
    const replies = await Promise.all(
      Array.from({ length: 40 }, () =>
        testApp().app.inject({
          method: 'POST',
          url: '/api/admin/update-password',
          headers: { authorization: `Bearer ${token}` },
          payload: {
            currentPassword: 'Wrong!Pass1',
            password: 'N3w!Passw0rdX',
            confirmPassword: 'N3w!Passw0rdX',
          },
        }),
      ),
    );
    expect(verified).toBeLessThanOrEqual(PAIR.freeFailures);
    expect(replies.filter((reply) => reply.statusCode === 429).length).toBeGreaterThanOrEqual(
      40 - PAIR.freeFailures,
    );
  }, 60_000);
});
