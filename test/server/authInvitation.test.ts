import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { clearOutbox, keyFromLink, waitForMail } from './helpers/outbox';

const PASSWORD = 'Invit3d!Pass';

describe('invitations', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp();
    admin = (await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'] })).ssoToken;
    // Sites are granted from the sites table (migration 40): an invitation names known sites only.
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/sites',
      headers: { authorization: `Bearer ${admin}` },
      payload: { siteID: 'S1', name: 'Site One' },
    });
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const invite = (payload: Record<string, unknown>, token = admin) =>
    t.app.inject({ method: 'POST', url: '/api/admin/invite', payload, headers: bearer(token) });
  const check = (key: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/check-invite', payload: { key } });
  const accept = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/admin/accept-invite', payload });

  async function invitedKey(language = 'de') {
    const response = await invite({
      email: 'ben@example.ch',
      name: 'Ben Beispiel',
      roles: ['DEALER'],
      sites: ['S1'],
      language,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ error: false, message: 'Invitation sent' });
    return waitForMail(t.dataDir, 'ben@example.ch');
  }

  it('an admin invites: a mail in the chosen language with a /invite/KEY link', async () => {
    const mail = await invitedKey('de');
    // The link opens the app in the invitation's language.
    expect(mail.link).toMatch(/^http:\/\/atlas\.test\/invite\/[A-Za-z0-9_-]{43}\?lang=de$/);
    expect(mail.subject).toBe('Parcel Atlas: Sie wurden eingeladen');
    expect(mail.raw).toContain('Guten Tag Ben Beispiel,');
    // Seven days as days, not "168 Stunden".
    expect(mail.raw).toContain('Der Link ist 7 Tage gültig');
    expect(mail.raw).not.toContain('Stunden');
  });

  it('only ADMIN (or SUPER) may invite: 403 for a map user, 401 without a token', async () => {
    const user = (await signIn(t.app, { roles: ['MAPUSER'] })).ssoToken;
    const refused = await invite({ email: 'ben@example.ch', name: 'Ben' }, user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Access denied. Please login with correct credentials to access the system',
    });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invite',
      payload: { email: 'x@y.ch', name: 'X' },
    });
    expect(anonymous.statusCode).toBe(401);
    const superUser = (await signIn(t.app, { roles: ['SUPER'] })).ssoToken;
    expect((await invite({ email: 'carla@example.ch', name: 'Carla' }, superUser)).statusCode).toBe(200);
  });

  it('validates the invitation: name and a valid e-mail; refuses an existing active account', async () => {
    for (const payload of [{ email: 'ben@example.ch' }, { name: 'Ben', email: 'nope' }]) {
      const response = await invite(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: true,
        requestId: expect.any(String),
        message: 'Please provide the name and a valid e-mail address of the person to invite',
      });
    }
    const bad = await invite({ email: 'ben@example.ch', name: 'Ben', language: 'xx' });
    expect(bad.statusCode).toBe(400);
    const existing = await signIn(t.app, { username: 'taken@example.ch' });
    const taken = await invite({ email: existing.user.username.toUpperCase(), name: 'Taken' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An account with this e-mail already exists. Please log in');
  });

  it('check-invite returns username, email and name; accept-invite sets the password; then login works', async () => {
    const key = keyFromLink((await invitedKey()).link);
    const checked = await check(key);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({
      username: 'ben@example.ch',
      email: 'ben@example.ch',
      name: 'Ben Beispiel',
    });

    const accepted = await accept({ password: PASSWORD, confirmPassword: PASSWORD, key });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ error: false, message: 'Invitation accepted. You can now log in' });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'BEN@example.ch', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const profile = await t.app.inject({ url: '/api/admin/profile', headers: bearer(login.json().token) });
    expect(profile.json()).toMatchObject({
      roles: ['MAPUSER', 'DEALER'],
      sites: [{ siteID: 'S1', name: 'Site One' }],
      defaultLanguage: 'de',
    });
  });

  it('an invited account cannot log in before accepting', async () => {
    await invitedKey();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'ben@example.ch', password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses a reused, wrong or expired (7 days) invitation key', async () => {
    const key = keyFromLink((await invitedKey()).link);
    const realNow = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(realNow + 7 * 24 * 3600 * 1000 + 1);
    const expired = await check(key);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'This invitation is invalid, expired or already used. Please ask for a new invitation',
    });
    jest.restoreAllMocks();
    expect((await accept({ password: PASSWORD, confirmPassword: PASSWORD, key })).statusCode).toBe(200);
    const reused = await accept({ password: PASSWORD, confirmPassword: PASSWORD, key });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(
      'This invitation is invalid, expired or already used. Please ask for a new invitation',
    );
    expect((await check(key)).statusCode).toBe(400);
    expect((await check('wrong')).statusCode).toBe(400);
  });

  it('a second invitation replaces the first link', async () => {
    const first = keyFromLink((await invitedKey()).link);
    clearOutbox(t.dataDir);
    const second = keyFromLink((await invitedKey('fr')).link);
    expect((await check(first)).statusCode).toBe(400);
    expect((await check(second)).statusCode).toBe(200);
  });

  it('validates the password on accept: required, matching, strong', async () => {
    const key = keyFromLink((await invitedKey()).link);
    const cases: [Record<string, string>, string][] = [
      [{ password: '', confirmPassword: '' }, 'Please enter new password'],
      [{ password: PASSWORD, confirmPassword: 'Other!Pass1' }, 'Password and Confirm Password do not match'],
      [
        { password: 'alllowercase1!', confirmPassword: 'alllowercase1!' },
        'Password must have at least 8 characters with lower and upper letters and at least one symbol and one digit',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await accept({ ...payload, key });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: true, requestId: expect.any(String), message });
    }
  });
});
