import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';

describe('profile (GET /api/admin/profile, POST /profile)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('returns every profile field of spec §3 with the token', async () => {
    const { ssoToken } = await signIn(t.app, {
      roles: ['MAPUSER', 'ADMIN'],
      username: 'anna@example.ch',
      name: 'Anna',
    });
    const response = await t.app.inject({ url: '/api/admin/profile', headers: bearer(ssoToken) });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    for (const field of [
      'roles',
      'accessRights',
      'sites',
      'username',
      'name',
      'email',
      'phone',
      'teams',
      'token',
    ]) {
      expect(profile).toHaveProperty(field);
    }
    expect(profile).toMatchObject({
      roles: ['MAPUSER', 'ADMIN'],
      username: 'anna@example.ch',
      token: ssoToken,
    });
  });

  it('refuses without a token or with a main-server token (401)', async () => {
    const { mainToken } = await signIn(t.app);
    expect((await t.app.inject({ url: '/api/admin/profile' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/profile', headers: bearer(mainToken) })).statusCode).toBe(
      401,
    );
  });

  it('saves the editable fields and ignores roles in the body (a new e-mail waits for its confirmation)', async () => {
    const { ssoToken, user } = await signIn(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/profile',
      headers: bearer(ssoToken),
      payload: {
        name: ' Anna M. ',
        email: 'anna.m@example.ch',
        phone: '079',
        defaultLanguage: 'it',
        roles: ['SUPER'],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      error: false,
      message:
        'Profile saved. We have sent a link to anna.m@example.ch: your e-mail address changes when you open it',
      profile: {
        name: 'Anna M.',
        email: user.email,
        pendingEmail: 'anna.m@example.ch',
        phone: '079',
        defaultLanguage: 'it',
        roles: ['MAPUSER'],
      },
    });
  });

  it("answers 'Email is required' and 'E-mail must be valid'", async () => {
    const { ssoToken } = await signIn(t.app);
    const save = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/profile', headers: bearer(ssoToken), payload });
    expect((await save({ name: 'A', email: ' ' })).json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Email is required',
    });
    expect((await save({ name: 'A' })).json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Email is required',
    });
    expect((await save({ email: 'nope' })).json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'E-mail must be valid',
    });
    expect((await save({ email: 'a@b.ch', defaultLanguage: 'xx' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/profile', payload: { email: 'a@b.ch' } })).statusCode,
    ).toBe(401);
  });
});
