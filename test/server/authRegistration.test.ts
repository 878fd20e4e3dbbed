import { createTestApp, type TestApp } from './helpers/createTestApp';
import { clearOutbox, keyFromLink, readOutbox, waitForMail } from './helpers/outbox';
import { ACCOUNT_RATE_LIMITS } from '../../server/services/accounts/rateLimits';

const STRONG = 'Str0ng!Pass';

describe('registration: e-mail verification, activation key, register', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  const verify = (email: unknown, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/email-verification',
      payload: { email },
      headers,
      remoteAddress,
    });
  const checkKey = (key: string) =>
    t.app.inject({ method: 'POST', url: `/api/user/verify-activation-key/${key}` });
  const register = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/user/register', payload });

  async function activationKey(email: string, headers: Record<string, string> = {}) {
    expect((await verify(email, headers)).statusCode).toBe(200);
    const mail = await waitForMail(t.dataDir, email);
    return { key: keyFromLink(mail.link), mail };
  }

  const form = (email: string, activationKey: string) => ({
    email,
    name: 'Anna Muster',
    phone: '+41 44 123 45 67',
    defaultLanguage: 'de',
    companyName: 'Muster AG',
    companyAddress: 'Bahnhofstrasse 1\n8001 Zürich',
    username: email,
    password: STRONG,
    confirmPassword: STRONG,
    activationKey,
  });

  it('mails a verification link to /register/activate/KEY on PUBLIC_URL, in the language of the langcode header', async () => {
    const response = await verify('anna@example.ch', { langcode: 'fr' });
    // The reply too is in the langcode language.
    expect(response.json()).toEqual({
      verification: true,
      error: false,
      message:
        'Nous avons envoyé un lien de vérification à cette adresse. Ouvrez-le pour terminer votre inscription.',
    });
    const mail = await waitForMail(t.dataDir, 'anna@example.ch');
    expect(mail.link).toMatch(/^http:\/\/atlas\.test\/register\/activate\/[A-Za-z0-9_-]{43}\?lang=[a-z]{2}$/);
    expect(mail.subject).toBe('Parcel Atlas : confirmez votre adresse e-mail');
    // French keeps the number and its unit together (a no-break space).
    expect(mail.raw).toMatch(/Le lien est valable 24\u00a0heures/);
  });

  it("answers 'Please provide valid email address…' for a missing, empty or malformed e-mail", async () => {
    for (const email of [undefined, '', '   ', 'not-an-email']) {
      const response = await verify(email);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: true,
        requestId: expect.any(String),
        message: 'Please provide valid email address to proceed with the registration',
      });
    }
  });

  it('gives the same reply for an address that already has an account (no enumeration)', async () => {
    const { key } = await activationKey('anna@example.ch');
    await register(form('anna@example.ch', key));
    clearOutbox(t.dataDir);
    const known = await verify('ANNA@example.ch', {}, '10.0.0.9');
    const unknown = await verify('nobody@example.ch', {}, '10.0.0.9');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
    // The owner learns about it by mail instead of the form telling a stranger.
    const mail = await waitForMail(t.dataDir, 'anna@example.ch');
    expect(mail.subject).toBe('Parcel Atlas: Sie haben bereits ein Konto');
  });

  it('checks an activation key: success and the e-mail, not yet spent', async () => {
    const { key } = await activationKey('anna@example.ch');
    for (let i = 0; i < 2; i += 1) {
      const response = await checkKey(key);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        email: 'anna@example.ch',
        error: false,
        message: 'Email verification successful',
      });
    }
  });

  it("refuses a wrong or expired activation key with 'Invalid activation key…'", async () => {
    const { key } = await activationKey('anna@example.ch');
    const wrong = await checkKey('x'.repeat(43));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      error: true,
      requestId: expect.any(String),
      message: 'Invalid activation key. Activation key may have expired or already used',
    });
    const realNow = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(realNow + 24 * 3600 * 1000 + 1000);
    expect((await checkKey(key)).json().message).toBe(
      'Invalid activation key. Activation key may have expired or already used',
    );
  });

  it('registers with a valid key: token, user with role MAPUSER, username = e-mail; the key is then spent', async () => {
    const { key } = await activationKey('anna@example.ch');
    const response = await register(form('anna@example.ch', key));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ error: false, message: 'Registration Successful' });
    expect(typeof body.token).toBe('string');
    expect(body.user).toMatchObject({
      roles: ['MAPUSER'],
      username: 'anna@example.ch',
      email: 'anna@example.ch',
      name: 'Anna Muster',
      phone: '+41 44 123 45 67',
      defaultLanguage: 'de',
      companyName: 'Muster AG',
      accessRights: [],
      sites: [],
      teams: [],
    });
    expect(JSON.stringify(body)).not.toContain('argon2');

    const profile = await t.app.inject({
      url: '/api/admin/profile',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(profile.json().username).toBe('anna@example.ch');

    const reused = await register(form('anna@example.ch', key));
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(
      'Invalid activation key. Activation key may have expired or already used',
    );
    expect((await checkKey(key)).statusCode).toBe(400);
  });

  it('stores the password as an argon2id hash', async () => {
    const { key } = await activationKey('anna@example.ch');
    await register(form('anna@example.ch', key));
    const hash = t.db.prepare('SELECT password_hash FROM users').pluck().get() as string;
    expect(hash).toMatch(/^\$argon2id\$/);
    const storedKey = t.db.prepare('SELECT key_hash FROM account_keys').pluck().get() as string;
    expect(storedKey).not.toBe(key);
    expect(storedKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['companyName', 'Please fill in all fields'],
    ['name', 'Please fill in all fields'],
    ['companyAddress', 'Please fill in all fields'],
    ['username', 'Please fill in all fields'],
    ['password', 'Please fill in all fields'],
    ['confirmPassword', 'Please fill in all fields'],
    ['defaultLanguage', 'Please fill in all fields'],
  ])("answers 'Please fill in all fields' without %s", async (field, message) => {
    const { key } = await activationKey('anna@example.ch');
    const response = await register({ ...form('anna@example.ch', key), [field]: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: true, requestId: expect.any(String), message });
  });

  it('checks the passwords match, then the strength score, and keeps the key usable after a refusal', async () => {
    const { key } = await activationKey('anna@example.ch');
    const differ = await register({ ...form('anna@example.ch', key), confirmPassword: 'Other!Pass1' });
    expect(differ.json().message).toBe('Password and Confirm Password do not match');
    // Score 4: no symbol from $@#&!; and 8 characters is not "above 8".
    for (const weak of ['Abcdefg12', 'Abcd12#x']) {
      const response = await register({
        ...form('anna@example.ch', key),
        password: weak,
        confirmPassword: weak,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Please choose a stronger password. Try a mix of letters, numbers, and symbols.',
      );
    }
    expect((await register(form('anna@example.ch', key))).statusCode).toBe(200);
  });

  it('refuses a username other than the verified e-mail, and an unknown language', async () => {
    const { key } = await activationKey('anna@example.ch');
    const other = await register({ ...form('anna@example.ch', key), username: 'mallory@example.ch' });
    expect(other.json().message).toBe('The username must be the verified e-mail address');
    const language = await register({ ...form('anna@example.ch', key), defaultLanguage: 'xx' });
    expect(language.json().message).toBe('Preferred language must be one of en, de, fr, it');
  });

  it('rate-limits verification mails per address and per IP with 429 and a clear message', async () => {
    for (let i = 0; i < 3; i += 1) expect((await verify('flood@example.ch')).statusCode).toBe(200);
    const limited = await verify('flood@example.ch');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Too many attempts. Please wait 60 minutes and try again',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address from another IP is unaffected; one IP is limited across addresses.
    expect((await verify('fine@example.ch', {}, '10.0.0.2')).statusCode).toBe(200);
    let last = 200;
    for (let i = 0; i <= ACCOUNT_RATE_LIMITS.verificationPerIp.max && last === 200; i += 1)
      last = (await verify(`a${i}@example.ch`, {}, '10.0.0.3')).statusCode;
    expect(last).toBe(429);
    expect(readOutbox(t.dataDir).length).toBeGreaterThan(0);
  });

  it('a company registers its staff from one address: 60 verification mails in an hour all go out', async () => {
    for (let i = 0; i < 60; i += 1)
      expect((await verify(`staff${i}@muster.ch`, {}, '10.0.0.4')).statusCode).toBe(200);
  });

  it('trims the password on registration as login does: a trailing space still logs in', async () => {
    const { key } = await activationKey('trim@example.ch');
    const spaced = `${STRONG} `;
    const response = await register({
      ...form('trim@example.ch', key),
      password: spaced,
      confirmPassword: spaced,
    });
    expect(response.statusCode).toBe(200);
    for (const password of [spaced, STRONG]) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: 'trim@example.ch', password },
      });
      expect(login.statusCode).toBe(200);
    }
  });
});
