import { createTestApp, type TestApp } from './helpers/createTestApp';
import { createAccount } from './helpers/createAccount';
import { ACCOUNT_RATE_LIMITS } from '../../server/services/accounts/rateLimits';
import { clearOutbox, keyFromLink, readOutbox, waitForMail } from './helpers/outbox';

const OLD = 'Old#Frank-7qZ';
const NEW = 'New#Frank-9xW';

describe('password reset and password change', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await createAccount(t.app, { username: 'anna@example.ch', password: OLD, name: 'Anna' });
    t.db.prepare(`UPDATE users SET default_language = 'it'`).run();
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  const post = (
    url: string,
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
    remoteAddress = '10.0.0.1',
  ) => t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
  const requestReset = (username: string, targeturl?: string, remoteAddress?: string) =>
    post('/api/admin/request-reset-password', { username, targeturl }, {}, remoteAddress);
  const login = (password: string) =>
    post('/api/user/login', { username: 'anna@example.ch', password }, {}, '10.9.9.9');
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function resetKey(targeturl?: string) {
    expect((await requestReset('ANNA@example.ch', targeturl)).statusCode).toBe(200);
    return waitForMail(t.dataDir, 'anna@example.ch');
  }

  it("mails a reset link in the user's language, built from PUBLIC_URL", async () => {
    const mail = await resetKey();
    expect(mail.link).toMatch(/^http:\/\/atlas\.test\/reset-password\/[A-Za-z0-9_-]{43}\?lang=[a-z]{2}$/);
    expect(mail.subject).toBe('Parcel Atlas: reimposta la password');
    // One hour, in the singular (an ICU plural: not "1 ore" / "1 hours"), and the link opens in Italian.
    expect(mail.raw).toContain('Il link è valido per 1 ora');
    expect(mail.link).toMatch(/\?lang=it$/);
  });

  it('honours targeturl on the PUBLIC_URL origin and ignores it elsewhere (no open redirect)', async () => {
    expect((await resetKey('http://atlas.test/reset-password/')).link).toMatch(
      /^http:\/\/atlas\.test\/reset-password\/\S+$/,
    );
    clearOutbox(t.dataDir);
    const evil = await resetKey('https://evil.example/steal/');
    expect(evil.link).toMatch(/^http:\/\/atlas\.test\/reset-password\/[A-Za-z0-9_-]{43}\?lang=[a-z]{2}$/);
  });

  it('replies identically for an unknown username and sends nothing', async () => {
    const known = await requestReset('anna@example.ch');
    const unknown = await requestReset('nobody@example.ch');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({
      error: false,
      message: 'If an account exists for this username, we have e-mailed instructions to reset its password.',
    });
    await waitForMail(t.dataDir, 'anna@example.ch');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readOutbox(t.dataDir).filter((m) => m.to.includes('nobody'))).toHaveLength(0);
  });

  it("answers 'Please enter username' without a username", async () => {
    const response = await post('/api/admin/request-reset-password', { targeturl: 'http://atlas.test/' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Please enter username',
    });
  });

  it('rate-limits reset requests per account and per IP with 429', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await requestReset('anna@example.ch', undefined, `10.4.0.${i}`)).statusCode).toBe(200);
    const limited = await requestReset('anna@example.ch', undefined, '10.4.0.50');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many attempts. Please wait 60 minutes and try again');
    let status = 0;
    for (let i = 0; i <= ACCOUNT_RATE_LIMITS.resetPerIp.max && status !== 429; i += 1)
      status = (await requestReset(`u${i}@example.ch`, undefined, '10.5.0.1')).statusCode;
    expect(status).toBe(429);
  });

  it('resets the password with the key once: the old password and old sessions stop working', async () => {
    const session = (await login(OLD)).json().token as string;
    const key = keyFromLink((await resetKey()).link);
    const response = await post('/api/admin/reset-password', { password: NEW, confirmPassword: NEW, key });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      error: false,
      message: 'Your password has been reset. You can now log in',
    });
    expect((await login(OLD)).statusCode).toBe(401);
    expect((await login(NEW)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/profile', headers: bearer(session) })).statusCode).toBe(
      401,
    );

    const reused = await post('/api/admin/reset-password', {
      password: 'Third!Pass1',
      confirmPassword: 'Third!Pass1',
      key,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'This password reset link is invalid, expired or already used. Please request a new one',
    });
  });

  it('refuses an expired key (1 hour) and a wrong key', async () => {
    const key = keyFromLink((await resetKey()).link);
    const realNow = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(realNow + 3600 * 1000 + 1);
    const expired = await post('/api/admin/reset-password', { password: NEW, confirmPassword: NEW, key });
    expect(expired.statusCode).toBe(400);
    jest.restoreAllMocks();
    const wrong = await post('/api/admin/reset-password', {
      password: NEW,
      confirmPassword: NEW,
      key: 'nope',
    });
    expect(wrong.json().message).toBe(
      'This password reset link is invalid, expired or already used. Please request a new one',
    );
  });

  it('a newer reset request makes the older link useless', async () => {
    const first = keyFromLink((await resetKey()).link);
    clearOutbox(t.dataDir);
    const second = keyFromLink((await resetKey()).link);
    expect(
      (await post('/api/admin/reset-password', { password: NEW, confirmPassword: NEW, key: first }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/api/admin/reset-password', { password: NEW, confirmPassword: NEW, key: second }))
        .statusCode,
    ).toBe(200);
  });

  it('validates the new password: required, matching, strong', async () => {
    const key = keyFromLink((await resetKey()).link);
    const cases: [Record<string, string>, string][] = [
      [{ password: '', confirmPassword: '' }, 'Please enter new password'],
      [{ password: NEW, confirmPassword: 'Other!Pass1' }, 'Password and Confirm Password do not match'],
      [
        { password: 'weakpass', confirmPassword: 'weakpass' },
        'Password must have at least 8 characters with lower and upper letters and at least one symbol and one digit',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await post('/api/admin/reset-password', { ...payload, key });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: true, requestId: expect.any(String), message });
    }
    expect(
      (await post('/api/admin/reset-password', { password: NEW, confirmPassword: NEW, key })).statusCode,
    ).toBe(200);
  });

  describe('update-password (signed in)', () => {
    it('changes the password, ends other sessions and keeps this one (its old and fresh token)', async () => {
      const here = (await login(OLD)).json().token as string;
      const mainHere = (
        await t.app.inject({ method: 'POST', url: '/v1/secure/user/authorize', headers: bearer(here) })
      ).json().token as string;
      const elsewhere = (await login(OLD)).json().token as string;
      const mainElsewhere = (
        await t.app.inject({ method: 'POST', url: '/v1/secure/user/authorize', headers: bearer(elsewhere) })
      ).json().token as string;
      const response = await post(
        '/api/admin/update-password',
        { password: NEW, confirmPassword: NEW },
        bearer(here),
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        error: false,
        message: 'Password updated successfully',
        token: expect.any(String),
      });
      expect((await t.app.inject({ url: '/api/admin/profile', headers: bearer(elsewhere) })).statusCode).toBe(
        401,
      );
      // Other sessions end, this one stays (spec): its old token and its main token keep working.
      expect((await t.app.inject({ url: '/api/admin/profile', headers: bearer(here) })).statusCode).toBe(200);
      expect(
        (await t.app.inject({ url: '/v1/secure/subscriptions', headers: bearer(mainHere) })).statusCode,
      ).toBe(200);
      expect(
        (await t.app.inject({ url: '/api/admin/profile', headers: bearer(body.token) })).statusCode,
      ).toBe(200);
      // Main-server tokens of the old sessions end too.
      const authorize = await t.app.inject({
        method: 'POST',
        url: '/v1/secure/user/authorize',
        headers: bearer(mainElsewhere),
      });
      expect(authorize.statusCode).toBe(401);
      expect((await login(NEW)).statusCode).toBe(200);
    });

    it('validates: both required, matching, strong; needs a token', async () => {
      const token = (await login(OLD)).json().token as string;
      const cases: [Record<string, string>, string][] = [
        [{ password: NEW }, 'Please enter password and confirm password'],
        [{ password: NEW, confirmPassword: 'Other!Pass1' }, 'Password and confirm password do not match'],
        [
          { password: 'short', confirmPassword: 'short' },
          'Password must have at least 8 characters with lower and upper letters and at least one symbol and one digit',
        ],
      ];
      for (const [payload, message] of cases) {
        const response = await post('/api/admin/update-password', payload, bearer(token));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: true, requestId: expect.any(String), message });
      }
      expect(
        (await post('/api/admin/update-password', { password: NEW, confirmPassword: NEW })).statusCode,
      ).toBe(401);
    });
  });
});
