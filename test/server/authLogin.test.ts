import { createTestApp, type TestApp } from './helpers/createTestApp';
import { createAccount } from './helpers/createAccount';

const PASSWORD = 'Str0ng!Pass';

describe('login, authorize and sessions', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await createAccount(t.app, { username: 'Anna@Example.ch', password: PASSWORD, name: 'Anna' });
  });
  afterEach(async () => {
    await t.close();
  });

  const login = (payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/user/login', payload, remoteAddress });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('logs in with the username in any case and returns an SSO token', async () => {
    const response = await login({ username: 'anna@EXAMPLE.CH', password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token: expect.any(String), error: false, message: 'Login successful' });
    const claims = await t.app.ctx.tokens.verify('sso', response.json().token);
    expect(claims).toMatchObject({
      username: 'Anna@Example.ch',
      roles: ['MAPUSER'],
      sid: expect.any(String),
    });
  });

  it("answers 'Please enter username and password' when either is missing or blank", async () => {
    for (const payload of [
      {},
      { username: 'anna@example.ch' },
      { username: '  ', password: PASSWORD },
      { password: PASSWORD },
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: true,
        requestId: expect.any(String),
        message: 'Please enter username and password',
      });
    }
  });

  it('gives the identical reply for a wrong password and an unknown username (no enumeration)', async () => {
    const wrong = await login({ username: 'anna@example.ch', password: 'Wrong!Pass1' });
    const unknown = await login({ username: 'nobody@example.ch', password: 'Wrong!Pass1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Invalid username or password',
    });
    expect(unknown.json()).toEqual({ ...wrong.json(), requestId: unknown.headers['x-request-id'] });
  });

  it('a successful login clears the failures of its account+address pair (4 failures, the 5th would impose a wait)', async () => {
    for (let i = 0; i < 4; i += 1) await login({ username: 'anna@example.ch', password: 'nope' });
    expect((await login({ username: 'anna@example.ch', password: PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await login({ username: 'anna@example.ch', password: 'nope' });
    expect((await login({ username: 'anna@example.ch', password: PASSWORD })).statusCode).toBe(200);
  }, 60_000); // every attempt runs a real argon2id verification

  it('POST /v1/secure/user/authorize trades the SSO token for a main-server token and the profile', async () => {
    const sso = (await login({ username: 'anna@example.ch', password: PASSWORD })).json().token as string;
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/secure/user/authorize',
      headers: bearer(sso),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.profile).toEqual({
      _id: expect.any(String),
      roles: ['MAPUSER'],
      accessRights: [],
      sites: [],
      token: body.token,
      username: 'Anna@Example.ch',
      name: 'Anna',
      email: 'Anna@Example.ch',
      phone: '',
      teams: [],
      defaultLanguage: 'en',
      companyName: '',
      companyAddress: '',
    });
    await expect(t.app.ctx.tokens.verify('main', body.token)).resolves.toMatchObject({ roles: ['MAPUSER'] });
  });

  it('authorize refuses a main-server token, a missing token and a garbage token with 401', async () => {
    const sso = (await login({ username: 'anna@example.ch', password: PASSWORD })).json().token as string;
    const main = (
      await t.app.inject({ method: 'POST', url: '/v1/secure/user/authorize', headers: bearer(sso) })
    ).json().token as string;
    for (const headers of [bearer(main), {}, bearer('garbage')]) {
      const response = await t.app.inject({ method: 'POST', url: '/v1/secure/user/authorize', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(true);
    }
  });

  it('POST /api/ms-auth/login returns a main-server token for an SSO bearer', async () => {
    const sso = (await login({ username: 'anna@example.ch', password: PASSWORD })).json().token as string;
    const response = await t.app.inject({ method: 'POST', url: '/api/ms-auth/login', headers: bearer(sso) });
    expect(response.statusCode).toBe(200);
    await expect(t.app.ctx.tokens.verify('main', response.json().token)).resolves.toMatchObject({
      username: 'Anna@Example.ch',
    });
  });

  it('a token of a deleted account no longer works; role changes apply without a new login', async () => {
    const sso = (await login({ username: 'anna@example.ch', password: PASSWORD })).json().token as string;
    t.db.prepare(`UPDATE users SET roles = '["MAPUSER","ADMIN"]'`).run();
    const profile = await t.app.inject({ url: '/api/admin/profile', headers: bearer(sso) });
    expect(profile.json().roles).toEqual(['MAPUSER', 'ADMIN']);
    t.db.prepare('DELETE FROM users').run();
    const gone = await t.app.inject({ url: '/api/admin/profile', headers: bearer(sso) });
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Your session has ended. Please log in again',
    });
  });
});
