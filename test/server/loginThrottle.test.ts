/**
 * Wrong passwords are throttled per account+address pair with growing waits (as
 * Keycloak's brute-force detection does) instead of locking the account; per address only failures
 * count, at levels an office never meets; the counters live in the database and survive a restart.
 */
import argon2 from 'argon2';
import { buildApp } from '../../server/app';
import { passwordHasher } from '../../server/services/accounts/credentials';
import { LOGIN_THROTTLES } from '../../server/services/accounts/rateLimits';
import { appWithThrottledOwner, createAccount, THROTTLED_OWNER } from './helpers/createAccount';
import { testStorage } from './helpers/createTestApp';

const { username: OWNER, password: PASSWORD } = THROTTLED_OWNER;
const PAIR = LOGIN_THROTTLES.loginFailuresPerAccountIp;

describe('login throttling', () => {
  const testApp = appWithThrottledOwner();

  const login = (password: string, remoteAddress: string, username = OWNER, cookie?: string) =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username, password },
      remoteAddress,
      headers: cookie ? { cookie } : {},
    });
  /** The device cookie a sign-in set, as the browser sends it back (`name=value`). */
  const deviceCookieOf = (response: { headers: Record<string, unknown> }) =>
    String(response.headers['set-cookie']).split(';')[0];
  /** Throttles `address` with other people's wrong passwords (a fast stand-in for the hash check). */
  async function throttleAddress(address: string) {
    const verify = jest.spyOn(argon2, 'verify').mockResolvedValue(false);
    for (let i = 0; i <= LOGIN_THROTTLES.loginFailuresPerIp.freeFailures; i += 1)
      await login('nope', address, `stranger${i}@muster.ch`);
    verify.mockRestore();
  }

  it('10 wrong guesses from one address do not stop the owner logging in from another address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await login('Wrong!Pass1', '198.51.100.66')).statusCode);
    expect(statuses.slice(0, PAIR.freeFailures).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429); // the guesser is slowed down …
    const owner = await login(PASSWORD, '10.0.0.1');
    expect(owner.statusCode).toBe(200); // … the owner is not
    expect((await login(PASSWORD, '10.0.0.1', 'OWNER@example.ch')).statusCode).toBe(200);
  }, 60_000);

  it('failures from one account+address pair get progressively longer waits (fake clock)', async () => {
    let clock = Date.UTC(2026, 0, 5, 9);
    jest.spyOn(Date, 'now').mockImplementation(() => clock);
    const ip = '198.51.100.7';
    for (let i = 0; i < PAIR.freeFailures - 1; i += 1) expect((await login('nope', ip)).statusCode).toBe(401);
    let wait = PAIR.firstWaitMs;
    for (let round = 0; round < 4; round += 1) {
      expect((await login('nope', ip)).statusCode).toBe(401); // the last free failure or one more: a wait begins
      const refused = await login(PASSWORD, ip); // even the right password waits, from this pair
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBe(wait / 1000);
      expect(refused.json().message).toBe(
        `Too many attempts. Please wait ${Math.ceil(wait / 60_000)} minute${wait <= 60_000 ? '' : 's'} and try again`,
      );
      clock += wait - 1000;
      expect((await login(PASSWORD, ip)).statusCode).toBe(429);
      clock += 1000;
      wait = Math.min(wait * 2, PAIR.maxWaitMs);
    }
    expect(wait).toBe(16 * PAIR.firstWaitMs); // 30 s, 1, 2, 4 min were waited; 8 min next
    // Meanwhile the owner signs in from elsewhere, and after the wait from here too, which forgets the pair.
    expect((await login(PASSWORD, '10.0.0.1')).statusCode).toBe(200);
    expect((await login(PASSWORD, ip)).statusCode).toBe(200);
    expect((await login('nope', ip)).statusCode).toBe(401);
    expect((await login('nope', ip)).statusCode).toBe(401);
  }, 60_000);

  it('51 colleagues signing in successfully from one office address within 15 minutes all get in', async () => {
    const passwordHash = await passwordHasher.hash(PASSWORD);
    for (let i = 0; i < 51; i += 1) {
      await testApp().app.ctx.users.create({
        username: `colleague${i}@muster.ch`,
        email: `colleague${i}@muster.ch`,
        name: `Colleague ${i}`,
        passwordHash,
        status: 'active',
        roles: ['MAPUSER'],
      });
    }
    const statuses: number[] = [];
    for (let i = 0; i < 51; i += 1)
      statuses.push((await login(PASSWORD, '203.0.113.10', `colleague${i}@muster.ch`)).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(51);
  }, 120_000);

  it('per address only failures count, and only far beyond what an office makes', async () => {
    // The hash check itself is not under test here; a fast stand-in keeps 100+ failures quick.
    jest.spyOn(argon2, 'verify').mockResolvedValue(false);
    const office = '203.0.113.20';
    const { freeFailures } = LOGIN_THROTTLES.loginFailuresPerIp;
    for (let i = 0; i < freeFailures; i += 1)
      expect((await login('nope', office, `typo${i}@muster.ch`)).statusCode).toBe(401);
    const slowed = await login('nope', office, 'yetanother@muster.ch');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBe(LOGIN_THROTTLES.loginFailuresPerIp.firstWaitMs / 1000);
    // Another address is unaffected.
    expect((await login('nope', '203.0.113.21', 'typo0@muster.ch')).statusCode).toBe(401);
  }, 60_000);

  it('a browser that signed in before gets in while its office address is throttled; one without the cookie waits', async () => {
    const office = '203.0.113.30';
    const first = await login(PASSWORD, office);
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(String(first.headers['set-cookie'])).toMatch(
      /^pa_device=[^;]+; Max-Age=\d+; Path=\/api\/user\/login; HttpOnly; SameSite=Strict$/,
    );
    await throttleAddress(office);
    expect((await login(PASSWORD, office)).statusCode).toBe(429);
    expect((await login(PASSWORD, office, OWNER, cookie)).statusCode).toBe(200);
  }, 60_000);

  it('a device cookie counts only for its own account, and an altered one is ignored', async () => {
    const office = '203.0.113.31';
    const colleague = 'colleague@muster.ch';
    await createAccount(testApp().app, { username: colleague, password: PASSWORD, name: 'Colleague' });
    const cookie = deviceCookieOf(await login(PASSWORD, office));
    await throttleAddress(office);
    expect((await login(PASSWORD, office, colleague, cookie)).statusCode).toBe(429);
    const [name, value] = cookie.split('=');
    const altered = `${name}=${decodeURIComponent(value).replace(/^[^.]+/, Buffer.from(colleague).toString('base64url'))}`;
    expect((await login(PASSWORD, office, colleague, altered)).statusCode).toBe(429);
    expect((await login(PASSWORD, office, OWNER.toUpperCase(), cookie)).statusCode).toBe(200);
  }, 60_000);

  it('wrong passwords from a trusted browser are throttled on that browser alone', async () => {
    const office = '203.0.113.32';
    const cookie = deviceCookieOf(await login(PASSWORD, office));
    const { freeFailures, firstWaitMs } = LOGIN_THROTTLES.loginFailuresPerDevice;
    for (let i = 0; i < freeFailures - 1; i += 1)
      expect((await login('wrong', office, OWNER, cookie)).statusCode).toBe(401);
    // The last free failure already imposes the first wait, as for the account+address pair.
    expect((await login('wrong', office, OWNER, cookie)).statusCode).toBe(401);
    const held = await login(PASSWORD, office, OWNER, cookie);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBe(firstWaitMs / 1000);
    // The address and the owner elsewhere are untouched by the device's failures.
    expect((await login(PASSWORD, office)).statusCode).toBe(200);
  }, 60_000);

  it('the counters survive rebuilding the app on the same database (a restart)', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < PAIR.freeFailures; i += 1) expect((await login('nope', ip)).statusCode).toBe(401);
    expect((await login(PASSWORD, ip)).statusCode).toBe(429);
    await testApp().app.close();
    testApp().app = await buildApp({
      config: testApp().config,
      storage: await testStorage(testApp().config, testApp().db),
    });
    expect((await login(PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(PASSWORD, '10.0.0.1')).statusCode).toBe(200);
  }, 60_000);
});
