import { createAccount } from './helpers/createAccount';
import { createTestApp, type TestApp } from './helpers/createTestApp';
import { clearOutbox, keyFromLink, waitForMail } from './helpers/outbox';

const PASSWORD = 'Right!Passw0rd';
const OLD = 'anna@example.ch';
const NEW = 'anna.new@example.ch';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A stolen token alone cannot move the account to another mailbox or set a new password.
 * E-mail and password changes need the current password (or a sign-in within 15 minutes); the new address is
 * verified before it takes effect; the old address gets a notice with a single-use undo link.
 */
describe('re-authentication, e-mail change with confirmation and undo', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await createAccount(t.app, { username: OLD, password: PASSWORD, name: 'Anna' });
  });
  afterEach(async () => {
    await t.close();
  });

  async function login(username = OLD, password = PASSWORD) {
    return t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password } });
  }
  /** A session whose sign-in is older than 15 minutes: only the current password re-authenticates it. */
  async function oldSession(): Promise<string> {
    const token = (await login()).json().token as string;
    t.db.prepare('UPDATE sessions SET created_at = created_at - 16 * 60 * 1000').run();
    return token;
  }
  const saveProfile = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/profile', headers: bearer(token), payload });
  const changePassword = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/update-password', headers: bearer(token), payload });
  const post = (url: string, key: string) => t.app.inject({ method: 'POST', url, payload: { key } });

  it('refuses an e-mail change without the current password on an older session, and with a wrong one', async () => {
    const token = await oldSession();
    expect((await saveProfile(token, { email: NEW, name: 'Anna' })).json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Please enter your current password to change your e-mail address',
    });
    const wrong = await saveProfile(token, { email: NEW, currentPassword: 'Wrong!Passw0rd' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The current password is not correct');
    expect((await t.app.ctx.users.findByUsername(OLD))?.email).toBe(OLD);
    // Other fields save without re-authentication.
    expect((await saveProfile(token, { email: OLD, name: 'Anna B.' })).json()).toMatchObject({
      error: false,
      message: 'Profile saved',
      profile: { name: 'Anna B.', email: OLD },
    });
  });

  it('with the password: pending until the new address confirms; the old address gets a notice with undo', async () => {
    const token = await oldSession();
    const saved = await saveProfile(token, { email: NEW, name: 'Anna', currentPassword: PASSWORD });
    expect(saved.json()).toMatchObject({
      error: false,
      message: `Profile saved. We have sent a link to ${NEW}: your e-mail address changes when you open it`,
      profile: { email: OLD, username: OLD, pendingEmail: NEW },
    });
    const confirmMail = await waitForMail(t.dataDir, NEW);
    expect(confirmMail.link).toMatch(/^http:\/\/atlas\.test\/email-change\/confirm\/.+/);
    const notice = await waitForMail(t.dataDir, OLD);
    expect(notice.raw).toContain(NEW);
    expect(notice.link).toMatch(/^http:\/\/atlas\.test\/email-change\/undo\/.+/);
    expect(
      (await t.app.inject({ url: '/api/admin/profile', headers: bearer(token) })).json().pendingEmail,
    ).toBe(NEW);

    const confirmed = await post('/api/user/confirm-email-change', keyFromLink(confirmMail.link));
    expect(confirmed.json()).toEqual({ error: false, message: 'Your e-mail address has been changed' });
    // Single use.
    expect((await post('/api/user/confirm-email-change', keyFromLink(confirmMail.link))).statusCode).toBe(
      400,
    );
    const profile = (await t.app.inject({ url: '/api/admin/profile', headers: bearer(token) })).json();
    expect(profile).toMatchObject({ email: NEW, username: NEW });
    expect(profile.pendingEmail).toBeUndefined();
    expect((await login(NEW)).statusCode).toBe(200);

    // The owner undoes it from the old address: the old address is back and every session ends.
    const undone = await post('/api/user/undo-email-change', keyFromLink(notice.link));
    expect(undone.json().message).toMatch(/^The e-mail change was undone/);
    expect((await t.app.ctx.users.findByUsername(OLD))?.email).toBe(OLD);
    expect((await t.app.inject({ url: '/api/admin/profile', headers: bearer(token) })).statusCode).toBe(401);
    expect((await post('/api/user/undo-email-change', keyFromLink(notice.link))).statusCode).toBe(400);
  });

  it('undo before confirmation cancels the change; the confirmation link then fails', async () => {
    const token = (await login()).json().token as string;
    // A sign-in within the last 15 minutes stands in for the password.
    expect((await saveProfile(token, { email: NEW })).json().profile.pendingEmail).toBe(NEW);
    const confirmKey = keyFromLink((await waitForMail(t.dataDir, NEW)).link);
    const undoKey = keyFromLink((await waitForMail(t.dataDir, OLD)).link);
    expect((await post('/api/user/undo-email-change', undoKey)).json()).toEqual({
      error: false,
      message: 'The e-mail change was cancelled. Your e-mail address stays as it was',
    });
    expect((await post('/api/user/confirm-email-change', confirmKey)).json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'This link is invalid, expired or already used',
    });
    expect((await t.app.ctx.users.findByUsername(OLD))?.email).toBe(OLD);
    expect((await t.app.inject({ url: '/api/admin/profile', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('a newer change replaces a pending one; keys expire; a taken address gets the same reply and its owner a mail', async () => {
    const token = (await login()).json().token as string;
    await saveProfile(token, { email: NEW });
    const firstKey = keyFromLink((await waitForMail(t.dataDir, NEW)).link);
    clearOutbox(t.dataDir);
    await saveProfile(token, { email: 'anna.other@example.ch' });
    expect((await post('/api/user/confirm-email-change', firstKey)).statusCode).toBe(400);
    const secondKey = keyFromLink((await waitForMail(t.dataDir, 'anna.other@example.ch')).link);
    t.db.prepare('UPDATE email_changes SET confirm_expires_at = 0').run();
    expect((await post('/api/user/confirm-email-change', secondKey)).statusCode).toBe(400);
    expect((await post('/api/user/confirm-email-change', 'made-up')).statusCode).toBe(400);

    await createAccount(t.app, { username: 'ben@example.ch', password: PASSWORD, name: 'Ben' });
    clearOutbox(t.dataDir);
    const free = await saveProfile(token, { email: 'anna.third@example.ch' });
    const taken = await saveProfile(token, { email: 'BEN@example.ch' });
    // The same reply either way: nothing says whether another account uses the address.
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json().message).toBe(free.json().message.replace('anna.third@example.ch', 'BEN@example.ch'));
    expect(Object.keys(taken.json().profile)).toEqual(Object.keys(free.json().profile));
    // Ben hears of the attempt (no key in it); Anna's account keeps its address.
    const notice = await waitForMail(t.dataDir, 'ben@example.ch');
    expect(notice.subject).toBe('Parcel Atlas: someone tried to use your e-mail address');
    expect((await t.app.ctx.users.findByUsername(OLD))?.email).toBe(OLD);
  });

  it('a password change needs the current password on an older session; then the new one logs in', async () => {
    const token = await oldSession();
    const NEW_PASSWORD = 'New#Frank-9xW9';
    const pair = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect((await changePassword(token, pair)).json().message).toBe(
      'Please enter your current password to change your password',
    );
    expect((await changePassword(token, { ...pair, currentPassword: 'nope' })).statusCode).toBe(400);
    const changed = await changePassword(token, { ...pair, currentPassword: PASSWORD });
    expect(changed.json()).toMatchObject({ error: false, message: 'Password updated successfully' });
    expect((await login(OLD, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(OLD, PASSWORD)).statusCode).toBe(401);
    // The account's address is told, in case it was not the owner.
    const notice = await waitForMail(t.dataDir, OLD);
    expect(notice.subject).toBe('Parcel Atlas: your password was changed');
  });

  it('throttles current-password guesses made with a stolen token', async () => {
    const token = await oldSession();
    for (let i = 0; i < 5; i += 1) await saveProfile(token, { email: NEW, currentPassword: `Wrong!${i}Aa` });
    await saveProfile(token, { email: NEW, currentPassword: 'Wrong!6Aa' });
    const blocked = await saveProfile(token, { email: NEW, currentPassword: PASSWORD });
    expect(blocked.statusCode).toBe(429);
  });
});
