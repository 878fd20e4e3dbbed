/**
 * Two-factor sign-in with an authenticator app (RFC 6238) and recovery codes: enrolment, the second step of
 * a login, replay refusal, single-use recovery codes, the throttle, re-authentication, turning it off and
 * the administrators' requirement per site.
 */
import { LOGIN_THROTTLES } from '../../server/services/accounts/rateLimits';
import { createAccount } from './helpers/createAccount';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { bearer, currentCode, enrolTotp, fakeClockOnly, nextTotpStep } from './helpers/twoFactor';
import { softwarePasskey } from './helpers/softwarePasskey';

const USERNAME = 'vera@example.ch';
const PASSWORD = 'Str0ng!Pass';

describe('two-factor sign-in with an authenticator app', () => {
  let t: TestApp;
  beforeEach(async () => {
    fakeClockOnly();
    t = await createTestApp();
    await createAccount(t.app, { username: USERNAME, password: PASSWORD, name: 'Vera' });
  });
  afterEach(async () => {
    jest.useRealTimers();
    await t.close();
  });

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const login = () => post('/api/user/login', { username: USERNAME, password: PASSWORD });
  const secondStep = (pendingLogin: string, code: string) =>
    post('/api/user/login/second-factor', { pendingLogin, code });
  const signedInToken = async () => (await login()).json().token as string;

  it('enrols: the QR code and secret once, confirmed by a code, then ten recovery codes', async () => {
    const token = await signedInToken();
    const started = await post('/api/user/two-factor/totp/start', {}, token);
    expect(started.statusCode).toBe(200);
    const enrolment = started.json();
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    // Not yet a second factor: the login still answers with a token.
    expect((await login()).json().token).toEqual(expect.any(String));
    expect((await post('/api/user/two-factor/totp/confirm', { code: '000000' }, token)).statusCode).toBe(400);
    const confirmed = await post(
      '/api/user/two-factor/totp/confirm',
      { code: currentCode(enrolment.secret) },
      token,
    );
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await t.app.inject({ method: 'GET', url: '/api/user/two-factor', headers: bearer(token) });
    expect(status.json()).toEqual({ totp: true, recoveryCodesLeft: 10, passkeys: [], required: false });
    expect(status.body).not.toContain(enrolment.secret);
    // The secret is sealed at rest and the recovery codes are stored as hashes only.
    const row = t.db.prepare('SELECT secret FROM totp_factors').get() as { secret: string };
    expect(row.secret).not.toContain(enrolment.secret);
    const hashes = t.db.prepare('SELECT code_hash FROM recovery_codes').all() as { code_hash: string }[];
    expect(hashes.map((h) => h.code_hash)).not.toContain(recoveryCodes[0]);
    // A second start is refused once confirmed: the secret cannot be replaced or read again.
    expect((await post('/api/user/two-factor/totp/start', {}, token)).statusCode).toBe(409);
  }, 60_000);

  it('a right password then asks for the second factor: no session until a right code', async () => {
    const { secret } = await enrolTotp(t.app, await signedInToken());
    nextTotpStep();
    const first = await login();
    expect(first.statusCode).toBe(200);
    const challenge = first.json();
    expect(challenge).toEqual({
      error: false,
      message: 'Please confirm your sign-in with your second factor',
      secondFactorRequired: true,
      pendingLogin: expect.any(String),
      methods: ['totp'],
    });
    expect(challenge.token).toBeUndefined();
    const wrong = await secondStep(
      challenge.pendingLogin,
      '123456' === currentCode(secret) ? '654321' : '123456',
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('This code is not correct or was used already');
    const right = await secondStep(challenge.pendingLogin, currentCode(secret));
    expect(right.statusCode).toBe(200);
    const claims = await t.app.ctx.tokens.verify('sso', right.json().token);
    expect(claims.username).toBe(USERNAME);
    // The pending-login key is single use.
    nextTotpStep();
    const again = await secondStep(challenge.pendingLogin, currentCode(secret));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'Your sign-in has expired. Please enter your username and password again',
    );
  }, 60_000);

  it('a right password alone gives no device cookie; the second step does, for the same device', async () => {
    const { secret } = await enrolTotp(t.app, await signedInToken());
    nextTotpStep();
    const first = await login();
    expect(first.json().pendingLogin).toEqual(expect.any(String));
    expect(first.headers['set-cookie']).toBeUndefined();
    const done = await secondStep(first.json().pendingLogin, currentCode(secret));
    expect(done.statusCode).toBe(200);
    const cookie = String(done.headers['set-cookie']);
    expect(cookie).toMatch(
      /^pa_device=[^;]+; Max-Age=\d+; Path=\/api\/user\/login; HttpOnly; SameSite=Strict$/,
    );
    // The browser sends it back: the next sign-in keeps the same device id.
    const sent = cookie.split(';')[0];
    nextTotpStep();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/second-factor',
      payload: { pendingLogin: (await login()).json().pendingLogin, code: currentCode(secret) },
      headers: { cookie: sent },
    });
    expect(String(again.headers['set-cookie']).split(';')[0]).toBe(sent);
  }, 60_000);

  it('refuses a used code (replay), also from two parallel requests, and an expired pending login', async () => {
    const { secret } = await enrolTotp(t.app, await signedInToken());
    // The enrolment's own code cannot sign in.
    const replayOfEnrolment = await secondStep((await login()).json().pendingLogin, currentCode(secret));
    expect(replayOfEnrolment.statusCode).toBe(401);
    nextTotpStep();
    const a = (await login()).json().pendingLogin as string;
    const b = (await login()).json().pendingLogin as string;
    const code = currentCode(secret);
    const replies = await Promise.all([secondStep(a, code), secondStep(b, code)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    nextTotpStep();
    const stale = (await login()).json().pendingLogin as string;
    jest.setSystemTime(Date.now() + 5 * 60_000 + 1);
    expect((await secondStep(stale, currentCode(secret))).statusCode).toBe(400);
  }, 60_000);

  it('a recovery code signs in once', async () => {
    const { recoveryCodes } = await enrolTotp(t.app, await signedInToken());
    const [code] = recoveryCodes;
    const first = await secondStep((await login()).json().pendingLogin, code.toUpperCase().replace('-', ' '));
    expect(first.statusCode).toBe(200);
    expect(first.json().token).toEqual(expect.any(String));
    const second = await secondStep((await login()).json().pendingLogin, code);
    expect(second.statusCode).toBe(401);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/user/two-factor',
      headers: bearer(first.json().token),
    });
    expect(status.json().recoveryCodesLeft).toBe(9);
  }, 60_000);

  it('renews the recovery codes with the password and a code: the old ones stop working', async () => {
    const token = await signedInToken();
    const { secret, recoveryCodes: old } = await enrolTotp(t.app, token);
    nextTotpStep();
    const renew = (body: object) => post('/api/user/two-factor/recovery-codes', body, token);
    expect((await renew({ code: currentCode(secret) })).statusCode).toBe(400);
    const wrongPassword = await renew({ currentPassword: 'Wrong!Pass1', code: currentCode(secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe('The current password is not correct');
    expect((await renew({ currentPassword: PASSWORD, code: '000000' })).statusCode).toBe(400);
    nextTotpStep();
    const renewed = await renew({ currentPassword: PASSWORD, code: currentCode(secret) });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().message).toBe('New recovery codes are ready. The old ones no longer work');
    const fresh = renewed.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    expect((await secondStep((await login()).json().pendingLogin, old[0])).statusCode).toBe(401);
    expect((await secondStep((await login()).json().pendingLogin, fresh[0])).statusCode).toBe(200);
    // Without an authenticator app there is nothing to renew.
    const other = await signIn(t.app);
    const none = await post(
      '/api/user/two-factor/recovery-codes',
      { currentPassword: 'x', code: '123456' },
      other.ssoToken,
    );
    expect(none.statusCode).toBe(400);
  }, 60_000);

  it('wrong codes are throttled like passwords, reserved before they are checked, across new logins', async () => {
    const { secret } = await enrolTotp(t.app, await signedInToken());
    nextTotpStep();
    const { freeFailures } = LOGIN_THROTTLES.secondFactorFailuresPerAccount;
    const right = currentCode(secret);
    const wrong = right === '111111' ? '222222' : '111111';
    // Parallel guesses: no more than the free failures are checked; a right password does not reset them.
    const pendings = await Promise.all(
      Array.from({ length: 3 }, async () => (await login()).json().pendingLogin),
    );
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => secondStep(pendings[i % 3] as string, wrong)),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(freeFailures);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(12 - freeFailures);
    const held = await secondStep((await login()).json().pendingLogin, right);
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toEqual(expect.any(String));
  }, 60_000);

  it('re-authentication asks the code: a password change needs it when the app is set up', async () => {
    const token = await signedInToken();
    const { secret } = await enrolTotp(t.app, token);
    const change = {
      password: 'N3w!Passphrase',
      confirmPassword: 'N3w!Passphrase',
      currentPassword: PASSWORD,
    };
    const withoutCode = await post('/api/admin/update-password', change, token);
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json().message).toBe(
      'Please enter the code from your authenticator app or a recovery code',
    );
    nextTotpStep();
    const withCode = await post(
      '/api/admin/update-password',
      { ...change, currentCode: currentCode(secret) },
      token,
    );
    expect(withCode.statusCode).toBe(200);
  }, 60_000);

  it('turns off with the password and a code; then the login answers a token again', async () => {
    const token = await signedInToken();
    const { secret } = await enrolTotp(t.app, token);
    nextTotpStep();
    const noPassword = await post('/api/user/two-factor/totp/disable', { code: currentCode(secret) }, token);
    expect(noPassword.statusCode).toBe(400);
    const wrongPassword = await post(
      '/api/user/two-factor/totp/disable',
      { currentPassword: 'Wrong!Pass1', code: currentCode(secret) },
      token,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe('The current password is not correct');
    const off = await post(
      '/api/user/two-factor/totp/disable',
      { currentPassword: PASSWORD, code: currentCode(secret) },
      token,
    );
    expect(off.statusCode).toBe(200);
    expect((await login()).json().token).toEqual(expect.any(String));
    expect(t.db.prepare('SELECT count(*) AS n FROM recovery_codes').get()).toEqual({ n: 0 });
  }, 60_000);

  it('validates input with a clear 4xx', async () => {
    const token = await signedInToken();
    expect((await post('/api/user/login/second-factor', { pendingLogin: 5 })).statusCode).toBe(400);
    expect((await post('/api/user/login/second-factor', { pendingLogin: 'x'.repeat(500) })).statusCode).toBe(
      400,
    );
    const unknown = await post('/api/user/login/second-factor', { pendingLogin: 'nope', code: '123456' });
    expect(unknown.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Your sign-in has expired. Please enter your username and password again',
    });
    expect((await post('/api/user/two-factor/totp/confirm', { code: '123456' }, token)).json().message).toBe(
      'Please start the set-up of the authenticator app first',
    );
    expect((await post('/api/user/two-factor/totp/start', {})).statusCode).toBe(401);
  }, 60_000);
});

describe('the administrators require two factors per site', () => {
  let t: TestApp;
  beforeEach(async () => {
    fakeClockOnly();
    t = await createTestApp();
  });
  afterEach(async () => {
    jest.useRealTimers();
    await t.close();
  });

  it('an account of such a site reaches only the enrolment until it has set up a second factor', async () => {
    const admin = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'] });
    const worker = await signIn(t.app);
    const adminPost = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: bearer(admin.ssoToken) });
    await adminPost('/api/admin/sites', { siteID: 'zug', name: 'Zug' });
    await adminPost(`/api/admin/users/${worker.user.id}/sites`, { sites: ['zug'] });
    // A plain user cannot set the requirement; an unknown site answers 404.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sites/zug/two-factor',
      payload: { required: true },
      headers: bearer(worker.ssoToken),
    });
    expect(refused.statusCode).toBe(403);
    expect((await adminPost('/api/admin/sites/nowhere/two-factor', { required: true })).statusCode).toBe(404);
    expect((await adminPost('/api/admin/sites/zug/two-factor', { required: 'yes' })).statusCode).toBe(400);
    expect((await adminPost('/api/admin/sites/zug/two-factor', { required: true })).statusCode).toBe(200);
    const sites = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sites',
      headers: bearer(admin.ssoToken),
    });
    expect(sites.json().sites).toEqual([{ siteID: 'zug', name: 'Zug', twoFactorRequired: true }]);

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/admin/profile',
      headers: bearer(worker.ssoToken),
    });
    expect(profile.json().twoFactorSetupRequired).toBe(true);
    const map = await t.app.inject({
      method: 'GET',
      url: '/v1/secure/preferences/',
      headers: worker.headers,
    });
    expect(map.statusCode).toBe(403);
    expect(map.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Your company requires two-factor sign-in. Please set it up to continue',
      twoFactorSetupRequired: true,
    });
    const saveProfile = await t.app.inject({
      method: 'POST',
      url: '/profile',
      payload: { email: worker.user.email },
      headers: bearer(worker.ssoToken),
    });
    expect(saveProfile.statusCode).toBe(403);
    // The admin, not on the site, is not held.
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/secure/preferences/', headers: admin.headers }))
        .statusCode,
    ).not.toBe(403);

    const { secret } = await enrolTotp(t.app, worker.ssoToken);
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    const after = await t.app.inject({
      method: 'GET',
      url: '/v1/secure/preferences/',
      headers: worker.headers,
    });
    expect(after.statusCode).not.toBe(403);
    // Required: the app cannot be turned off while it is the only factor.
    nextTotpStep();
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/user/two-factor/totp/disable',
      payload: { currentPassword: 'whatever', code: currentCode(secret) },
      headers: bearer(worker.ssoToken),
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe('Your company requires two-factor sign-in: it cannot be turned off');
  }, 60_000);
});

describe('passkeys in Settings', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it("lists, renames and removes an account's own passkeys; refuses forged registrations and the last required factor", async () => {
    const owner = await signIn(t.app);
    const other = await signIn(t.app);
    const as = (who: typeof owner, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: bearer(who.ssoToken) });
    // A registration answer without a challenge the server issued is refused.
    const forged = await as(owner, 'POST', '/api/user/two-factor/passkeys', {
      name: 'Laptop',
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
      },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('The passkey could not be verified. Please try again');
    const options = await as(owner, 'POST', '/api/user/two-factor/passkeys/options');
    expect(options.json()).toMatchObject({ rp: { id: 'atlas.test' }, challenge: expect.any(String) });
    expect(
      (await as(owner, 'POST', '/api/user/two-factor/passkeys', { name: ' ', response: {} })).statusCode,
    ).toBe(400);

    t.db
      .prepare(
        `INSERT INTO passkeys (id, user_id, name, public_key, counter, transports, created_at)
         VALUES ('cred-1', ?, 'Laptop', 'pk', 0, '["internal"]', 1)`,
      )
      .run(owner.user.id);
    const status = await as(owner, 'GET', '/api/user/two-factor');
    expect(status.json().passkeys).toEqual([
      { id: 'cred-1', name: 'Laptop', createdAt: 1, lastUsedAt: null },
    ]);
    expect(
      (await as(owner, 'POST', '/api/user/two-factor/passkeys/cred-1', { name: 'Office' })).statusCode,
    ).toBe(200);
    expect(
      (await as(other, 'POST', '/api/user/two-factor/passkeys/cred-1', { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await as(other, 'DELETE', '/api/user/two-factor/passkeys/cred-1')).statusCode).toBe(404);
    expect((await as(owner, 'DELETE', '/api/user/two-factor/passkeys/bad%20id')).statusCode).toBe(400);

    // Required by the account's site: the last factor stays.
    await t.app.ctx.userAdmin.saveSite({ id: 'x', username: 'admin' }, { siteID: 'zug', name: 'Zug' });
    await t.app.ctx.users.setSites(owner.user.id, ['zug']);
    await t.app.ctx.userAdmin.setSiteTwoFactor({ id: 'x', username: 'admin' }, 'zug', true);
    const last = await as(owner, 'DELETE', '/api/user/two-factor/passkeys/cred-1');
    expect(last.statusCode).toBe(403);
    await t.app.ctx.userAdmin.setSiteTwoFactor({ id: 'x', username: 'admin' }, 'zug', false);
    expect((await as(owner, 'DELETE', '/api/user/two-factor/passkeys/cred-1')).statusCode).toBe(200);
    expect((await as(owner, 'GET', '/api/user/two-factor')).json().passkeys).toEqual([]);
  }, 60_000);
});

describe('signing in with a passkey instead of a password', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const options = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/user/login/passkey/options' })).json() as {
      challenge: string;
      allowCredentials: unknown[];
      userVerification: string;
    };
  const signInWith = (passkey: object) =>
    t.app.inject({ method: 'POST', url: '/api/user/login/passkey', payload: { passkey } });

  /** A user with a software passkey stored as a registration would store it. */
  async function userWithPasskey() {
    const owner = await signIn(t.app);
    const passkey = softwarePasskey('http://atlas.test');
    t.db
      .prepare(
        `INSERT INTO passkeys (id, user_id, name, public_key, counter, transports, created_at)
         VALUES (?, ?, 'Laptop', ?, 0, '["internal"]', 1)`,
      )
      .run(passkey.id, owner.user.id, passkey.publicKey);
    return { owner, passkey };
  }

  it('a user-verified answer to a fresh challenge starts a session of the passkey’s account', async () => {
    const { owner, passkey } = await userWithPasskey();
    const offered = await options();
    // Any passkey of the site may answer, and it must verify its user.
    expect(offered).toMatchObject({ allowCredentials: [], userVerification: 'required' });
    const reply = await signInWith(passkey.answer(offered.challenge));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ token: expect.any(String), error: false, message: 'Login successful' });
    const claims = await t.app.ctx.tokens.verify('sso', reply.json().token);
    expect(claims.username).toBe(owner.user.username);
    expect(String(reply.headers['set-cookie'])).toMatch(/^pa_device=/);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/user/two-factor',
      headers: bearer(reply.json().token),
    });
    expect(status.json().passkeys[0].lastUsedAt).toEqual(expect.any(Number));
  }, 60_000);

  it('refuses a replayed answer, an unknown challenge, a passkey without user verification and a forged signature', async () => {
    const { passkey } = await userWithPasskey();
    const { challenge } = await options();
    const answer = passkey.answer(challenge);
    const [first, replay] = await Promise.all([signInWith(answer), signInWith(answer)]);
    expect([first.statusCode, replay.statusCode].sort()).toEqual([200, 400]);
    expect((await signInWith(passkey.answer('bm90LWlzc3VlZA'))).statusCode).toBe(400);
    const unverified = await signInWith(passkey.answer((await options()).challenge, { userVerified: false }));
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json().message).toBe('The passkey could not be verified. Please try again');
    const stranger = softwarePasskey('http://atlas.test');
    const impostor = { ...stranger.answer((await options()).challenge), id: passkey.id, rawId: passkey.id };
    expect((await signInWith(impostor)).statusCode).toBe(401);
    expect((await signInWith({ id: 'x' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/login/passkey', payload: {} })).statusCode,
    ).toBe(400);
  }, 60_000);

  it('an account that is not active (an invitation not yet accepted) cannot sign in with a passkey', async () => {
    const { owner, passkey } = await userWithPasskey();
    t.db.prepare("UPDATE users SET status = 'invited' WHERE id = ?").run(owner.user.id);
    expect((await signInWith(passkey.answer((await options()).challenge))).statusCode).toBe(401);
  }, 60_000);
});

describe('re-authentication with a passkey', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('an account with passkeys only confirms a password change with one of them, not the password alone', async () => {
    const owner = await signIn(t.app);
    const passkey = softwarePasskey('http://atlas.test');
    t.db
      .prepare(
        `INSERT INTO passkeys (id, user_id, name, public_key, counter, transports, created_at)
         VALUES (?, ?, 'Laptop', ?, 0, '["internal"]', 1)`,
      )
      .run(passkey.id, owner.user.id, passkey.publicKey);
    const post = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: bearer(owner.ssoToken) });
    // Signed in a moment ago: the recent sign-in stands in for the current password, not for the passkey.
    const change = { password: 'N3w!Passphrase', confirmPassword: 'N3w!Passphrase' };

    const alone = await post('/api/admin/update-password', change);
    expect(alone.statusCode).toBe(400);
    expect(alone.json().message).toBe('Please confirm this change with one of your passkeys');
    // An answer to no challenge, or a stranger's passkey, is refused.
    const unasked = await post('/api/admin/update-password', {
      ...change,
      currentPasskey: passkey.answer('bm90LWlzc3VlZA'),
    });
    expect(unasked.statusCode).toBe(400);
    const options = (await post('/api/user/two-factor/passkeys/confirm-options')).json();
    expect(options.allowCredentials).toEqual([
      { id: passkey.id, type: 'public-key', transports: ['internal'] },
    ]);
    const stranger = softwarePasskey('http://atlas.test');
    const forged = { ...stranger.answer(options.challenge), id: passkey.id, rawId: passkey.id };
    expect((await post('/api/admin/update-password', { ...change, currentPasskey: forged })).statusCode).toBe(
      400,
    );
    // The forged try spent that challenge: a new one, answered by the passkey, confirms the change.
    const fresh = (await post('/api/user/two-factor/passkeys/confirm-options')).json();
    const done = await post('/api/admin/update-password', {
      ...change,
      currentPasskey: passkey.answer(fresh.challenge),
    });
    expect(done.statusCode).toBe(200);
    // Single use: the same answer cannot confirm another change.
    const again = await post('/api/admin/update-password', {
      ...change,
      currentPasskey: passkey.answer(fresh.challenge),
    });
    expect(again.statusCode).toBe(400);
  }, 60_000);

  it('asks no passkey of an account without one, and refuses confirmation options to it', async () => {
    const plain = await signIn(t.app);
    const options = await t.app.inject({
      method: 'POST',
      url: '/api/user/two-factor/passkeys/confirm-options',
      headers: bearer(plain.ssoToken),
    });
    expect(options.statusCode).toBe(400);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/admin/update-password',
      payload: { password: 'N3w!Passphrase', confirmPassword: 'N3w!Passphrase' },
      headers: bearer(plain.ssoToken),
    });
    expect(change.statusCode).toBe(200);
  }, 60_000);
});
