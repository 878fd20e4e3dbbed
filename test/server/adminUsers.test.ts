import { createAccount } from './helpers/createAccount';
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';
import { waitForMail } from './helpers/outbox';

const PASSWORD = 'Right!Passw0rd';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('account management for administrators (/api/admin/users…, sites, audit log)', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, {
      roles: ['MAPUSER', 'ADMIN'],
      username: 'admin@example.ch',
      name: 'Ada Admin',
    });
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const audit = async () => (await t.app.ctx.audit.list({ page: 1, size: 100 })).items;

  it('refuses every administrator call to a map user (403) and to a main-server token (401), writing nothing', async () => {
    const user = await signIn(t.app);
    const target = user.user.id;
    const calls: [string, 'GET' | 'POST', string, object?][] = [
      ['list', 'GET', '/api/admin/users'],
      ['resend', 'POST', `/api/admin/users/${target}/resend-invitation`],
      ['unlock', 'POST', `/api/admin/users/${target}/unlock`],
      ['end', 'POST', `/api/admin/users/${target}/end-sessions`],
      ['roles', 'POST', `/api/admin/users/${target}/roles`, { roles: ['ADMIN'] }],
      ['sites', 'POST', `/api/admin/users/${target}/sites`, { sites: ['S1'] }],
      ['audit', 'GET', '/api/admin/audit-log'],
      ['sites list', 'GET', '/api/admin/sites'],
      ['site save', 'POST', '/api/admin/sites', { siteID: 'S1', name: 'Zug' }],
      ['invite', 'POST', '/api/admin/invite', { email: 'x@example.ch', name: 'X' }],
    ];
    for (const [name, method, url, payload] of calls) {
      const response = await call(user.ssoToken, method, url, payload);
      expect([name, response.statusCode]).toEqual([name, 403]);
      expect((await call(admin.mainToken, method, url, payload)).statusCode).toBe(401);
    }
    expect((await t.app.ctx.users.findById(target))?.roles).toEqual(['MAPUSER']);
    expect(await audit()).toEqual([]);
  });

  it('lists accounts with search and paging, roles, sites, plan, last login and locked state', async () => {
    for (let i = 0; i < 25; i += 1) {
      await signIn(t.app, { username: `user${String(i).padStart(2, '0')}@muster.ch`, name: `Muster ${i}` });
    }
    const page2 = (await call(admin.ssoToken, 'GET', '/api/admin/users?search=MUSTER&page=2&size=10')).json();
    expect(page2.total).toBe(25);
    expect(page2.items.map((u: { username: string }) => u.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `user${String(i + 10).padStart(2, '0')}@muster.ch`),
    );
    const [row] = (await call(admin.ssoToken, 'GET', '/api/admin/users?search=admin@')).json().items;
    expect(row).toMatchObject({
      username: 'admin@example.ch',
      name: 'Ada Admin',
      roles: ['MAPUSER', 'ADMIN'],
      sites: [],
      plan: null,
      locked: false,
      lockedUntil: null,
      status: 'active',
    });
    expect(row.lastLoginAt).toEqual(expect.any(Number));
    // A search with SQL wildcards matches them literally.
    expect((await call(admin.ssoToken, 'GET', '/api/admin/users?search=%25')).json().total).toBe(0);
    expect((await call(admin.ssoToken, 'GET', '/api/admin/users?page=0')).statusCode).toBe(400);
  });

  it('shows an account held back by the login throttling as locked, and unlocks it (audited)', async () => {
    const anna = await createAccount(t.app, { username: 'anna@example.ch', password: PASSWORD });
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: 'anna@example.ch', password },
      });
    for (let i = 0; i < 6; i += 1) await login('Wrong!Passw0rd');
    expect((await login(PASSWORD)).statusCode).toBe(429);
    const listed = (await call(admin.ssoToken, 'GET', '/api/admin/users?search=anna')).json().items[0];
    expect(listed.locked).toBe(true);
    expect(listed.lockedUntil).toBeGreaterThan(Date.now());

    const unlocked = await call(admin.ssoToken, 'POST', `/api/admin/users/${anna.id}/unlock`);
    expect(unlocked.json()).toMatchObject({
      error: false,
      message: 'Account unlocked',
      user: { locked: false },
    });
    expect((await login(PASSWORD)).statusCode).toBe(200);
    expect((await audit())[0]).toMatchObject({
      actorId: admin.user.id,
      actorUsername: 'admin@example.ch',
      action: 'unlock',
      targetId: anna.id,
      targetUsername: 'anna@example.ch',
    });
  });

  it('grants and revokes roles and sites; the profile and the access check follow at once', async () => {
    const user = await signIn(t.app);
    const id = user.user.id;
    await call(admin.ssoToken, 'POST', '/api/admin/sites', { siteID: 'ZG-1', name: 'Zug Office' });
    await call(admin.ssoToken, 'POST', '/api/admin/sites', { siteID: 'LU-1', name: 'Luzern Office' });
    expect(
      (await call(admin.ssoToken, 'POST', `/api/admin/users/${id}/sites`, { sites: ['NOPE'] })).json(),
    ).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Unknown site: NOPE',
    });
    const granted = await call(admin.ssoToken, 'POST', `/api/admin/users/${id}/sites`, { sites: ['ZG-1'] });
    expect(granted.json().user.sites).toEqual([{ siteID: 'ZG-1', name: 'Zug Office' }]);
    const profile = (await call(user.ssoToken, 'GET', '/api/admin/profile')).json();
    expect(profile.sites).toEqual([{ siteID: 'ZG-1', name: 'Zug Office' }]);
    expect((await call(user.ssoToken, 'GET', '/api/user/accessible-sites')).json()).toEqual({
      sites: [{ siteID: 'ZG-1', name: 'Zug Office' }],
    });
    // ADMIN always has access to every site (spec §6).
    expect((await call(admin.ssoToken, 'GET', '/api/user/accessible-sites')).json().sites).toHaveLength(2);

    // Roles: the user becomes an admin and can call the admin routes at once; then it is taken away again.
    await call(admin.ssoToken, 'POST', `/api/admin/users/${id}/roles`, { roles: ['MAPUSER', 'ADMIN'] });
    expect((await call(user.ssoToken, 'GET', '/api/admin/users')).statusCode).toBe(200);
    const revoked = await call(admin.ssoToken, 'POST', `/api/admin/users/${id}/roles`, { roles: [] });
    expect(revoked.json().user.roles).toEqual(['MAPUSER']);
    expect((await call(user.ssoToken, 'GET', '/api/admin/users')).statusCode).toBe(403);

    expect((await audit()).map((entry) => entry.action)).toEqual([
      'set-roles',
      'set-roles',
      'set-sites',
      'save-site',
      'save-site',
    ]);
    expect((await audit())[2].details).toEqual({ from: [], to: ['ZG-1'] });
  });

  it('keeps an administrator from removing their own ADMIN role and a non-SUPER from granting SUPER', async () => {
    const own = await call(admin.ssoToken, 'POST', `/api/admin/users/${admin.user.id}/roles`, {
      roles: ['MAPUSER'],
    });
    expect(own.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'You cannot remove your own administrator role',
    });
    const user = await signIn(t.app);
    const sup = await call(admin.ssoToken, 'POST', `/api/admin/users/${user.user.id}/roles`, {
      roles: ['SUPER'],
    });
    expect(sup.statusCode).toBe(400);
    expect((await t.app.ctx.users.findById(user.user.id))?.roles).toEqual(['MAPUSER']);
    expect((await call(admin.ssoToken, 'POST', '/api/admin/users/nobody/unlock')).statusCode).toBe(404);
  });

  it('ends every session of an account: its tokens get 401 (audited)', async () => {
    const user = await signIn(t.app);
    const ended = await call(admin.ssoToken, 'POST', `/api/admin/users/${user.user.id}/end-sessions`);
    expect(ended.json()).toMatchObject({ error: false, message: 'Every session of this account has ended' });
    expect((await call(user.ssoToken, 'GET', '/api/admin/profile')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v1/secure/preferences/', headers: user.headers })).statusCode).toBe(
      401,
    );
    expect((await audit())[0]).toMatchObject({ action: 'end-sessions', targetId: user.user.id });
  });

  it('invites with the administrator’s signature appended, resends the invitation, and audits both', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/v1/secure/preferences/email-signature',
      headers: admin.headers,
      payload: { emailSignature: '<p><strong>Ada Admin</strong></p><ul><li>Atlas AG, Zug</li></ul>' },
    });
    const invited = await call(admin.ssoToken, 'POST', '/api/admin/invite', {
      email: 'ben@example.ch',
      name: 'Ben',
      language: 'en',
    });
    expect(invited.json()).toEqual({ error: false, message: 'Invitation sent' });
    const mail = await waitForMail(t.dataDir, 'ben@example.ch');
    expect(mail.raw).toContain(
      '<div class="signature"><p><strong>Ada Admin</strong></p><ul><li>Atlas AG, Zug</li></ul></div>',
    );
    expect(mail.raw).toMatch(/Ada Admin\s+Atlas AG, Zug/);

    const ben = await t.app.ctx.users.findByUsername('ben@example.ch');
    const resent = await call(admin.ssoToken, 'POST', `/api/admin/users/${ben?.id}/resend-invitation`);
    expect(resent.json()).toMatchObject({
      error: false,
      message: 'Invitation sent again',
      user: { status: 'invited' },
    });
    expect((await audit()).map((entry) => entry.action)).toEqual(['resend-invitation', 'invite']);
    expect((await call(admin.ssoToken, 'GET', '/api/admin/audit-log?size=1')).json()).toMatchObject({
      total: 2,
      items: [
        { action: 'resend-invitation', targetUsername: 'ben@example.ch', actorUsername: 'admin@example.ch' },
      ],
    });
    // Sites must exist; an active account cannot be re-invited.
    const unknownSite = await call(admin.ssoToken, 'POST', '/api/admin/invite', {
      email: 'cleo@example.ch',
      name: 'Cleo',
      sites: ['NOWHERE'],
    });
    expect(unknownSite.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Unknown site: NOWHERE',
    });
    expect(await t.app.ctx.users.findByUsername('cleo@example.ch')).toBeNull();
    const resendActive = await call(
      admin.ssoToken,
      'POST',
      `/api/admin/users/${admin.user.id}/resend-invitation`,
    );
    expect(resendActive.statusCode).toBe(409);
  });
});
