import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { ConfigError } from '../../server/config';
import { attachSocketServer } from '../../server/socket/attachSocketServer';
import { createAccount } from './helpers/createAccount';
import { createTestApp, type TestApp } from './helpers/createTestApp';
import { clearOutbox, keyFromLink, waitForMail } from './helpers/outbox';

const PASSWORD = 'Old#Frank-7qZ';
const NEW_PASSWORD = 'New#Frank-9xW';
const USERNAME = 'anna@example.ch';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Resets the password through the mailed link, as the forgotten-password flow does. */
async function resetByMail(t: TestApp, password: string) {
  // Earlier mails to the account (a password-change notice) must not be taken for the reset mail.
  clearOutbox(t.dataDir);
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/request-reset-password',
    payload: { username: USERNAME },
  });
  const key = keyFromLink((await waitForMail(t.dataDir, USERNAME)).link);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/reset-password',
    payload: { password, confirmPassword: password, key },
  });
}

/** Changes the password with the bearer `sso` (settings → change password). */
const changePassword = (t: TestApp, sso: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/update-password',
    headers: bearer(sso),
    payload: { password, confirmPassword: password },
  });

/** A browser's sign-in: the SSO token of a login and the main token its authorize returns. */
async function signInBrowser(t: TestApp, password = PASSWORD) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: USERNAME, password },
  });
  expect(login.statusCode).toBe(200);
  const sso = login.json().token as string;
  const authorize = await t.app.inject({
    method: 'POST',
    url: '/v1/secure/user/authorize',
    headers: bearer(sso),
  });
  expect(authorize.statusCode).toBe(200);
  return { sso, main: authorize.json().token as string };
}

/** Revocable server-side sessions (ADR 011). */
describe('sessions', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ SESSION_IDLE_DAYS: '30' });
    await createAccount(t.app, { username: USERNAME, password: PASSWORD, name: 'Anna' });
  });
  afterEach(async () => {
    jest.useRealTimers();
    await t.close();
  });

  const profileStatus = async (sso: string) =>
    (await t.app.inject({ url: '/api/admin/profile', headers: bearer(sso) })).statusCode;
  const secureStatus = async (main: string) =>
    (await t.app.inject({ url: '/v1/secure/subscriptions', headers: bearer(main) })).statusCode;
  const logout = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/user/logout', headers });

  it('the SSO and main token of a sign-in carry the same session id', async () => {
    const { sso, main } = await signInBrowser(t);
    const ssoClaims = await t.app.ctx.tokens.verify('sso', sso);
    const mainClaims = await t.app.ctx.tokens.verify('main', main);
    expect(ssoClaims.sid).toEqual(expect.any(String));
    expect(mainClaims.sid).toBe(ssoClaims.sid);
  });

  it('logout revokes the session: its SSO token and its main token then get 401; other sessions go on', async () => {
    const mine = await signInBrowser(t);
    const other = await signInBrowser(t);
    expect(await profileStatus(mine.sso)).toBe(200);
    expect(await secureStatus(mine.main)).toBe(200);

    const response = await logout(bearer(mine.sso));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ error: false, message: 'Logged out' });

    expect(await profileStatus(mine.sso)).toBe(401);
    expect(await secureStatus(mine.main)).toBe(401);
    const refused = await t.app.inject({ url: '/v1/secure/subscriptions', headers: bearer(mine.main) });
    expect(refused.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Your session has ended. Please log in again',
    });
    const authorize = await t.app.inject({
      method: 'POST',
      url: '/v1/secure/user/authorize',
      headers: bearer(mine.sso),
    });
    expect(authorize.statusCode).toBe(401);

    expect(await profileStatus(other.sso)).toBe(200);
    expect(await secureStatus(other.main)).toBe(200);
  });

  it('logout also takes the main token of the session', async () => {
    const { sso, main } = await signInBrowser(t);
    expect((await logout(bearer(main))).statusCode).toBe(200);
    expect(await profileStatus(sso)).toBe(401);
    expect(await secureStatus(main)).toBe(401);
  });

  it('logout is idempotent and needs a valid token (401 without, or with a forged one)', async () => {
    const { sso } = await signInBrowser(t);
    expect((await logout(bearer(sso))).statusCode).toBe(200);
    expect((await logout(bearer(sso))).statusCode).toBe(200);
    const missing = await logout();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Authorization token is missing',
    });
    expect((await logout(bearer(`${sso.slice(0, -2)}xx`))).statusCode).toBe(401);
    expect((await logout(bearer('garbage'))).statusCode).toBe(401);
  });

  it('a password change ends the other sessions but not the one that made it', async () => {
    const here = await signInBrowser(t);
    const elsewhere = await signInBrowser(t);
    const change = await changePassword(t, here.sso, NEW_PASSWORD);
    expect(change.statusCode).toBe(200);
    expect(await profileStatus(here.sso)).toBe(200);
    expect(await secureStatus(here.main)).toBe(200);
    expect(await profileStatus(change.json().token as string)).toBe(200);
    expect(await profileStatus(elsewhere.sso)).toBe(401);
    expect(await secureStatus(elsewhere.main)).toBe(401);
  });

  it('a password reset ends every session', async () => {
    const first = await signInBrowser(t);
    const second = await signInBrowser(t);
    const reset = await resetByMail(t, NEW_PASSWORD);
    expect(reset.statusCode).toBe(200);
    for (const session of [first, second]) {
      expect(await profileStatus(session.sso)).toBe(401);
      expect(await secureStatus(session.main)).toBe(401);
    }
    expect(await profileStatus((await signInBrowser(t, NEW_PASSWORD)).sso)).toBe(200);
  });

  it('a session unused for longer than SESSION_IDLE_DAYS is refused; use within the window keeps it alive', async () => {
    const DAY = 24 * 3600 * 1000;
    // Only the clock is faked: fastify and argon2 still need real timers.
    jest.useFakeTimers({
      doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'],
    });
    const start = Date.now();
    jest.setSystemTime(start);
    const { sso, main } = await signInBrowser(t);
    jest.setSystemTime(start + 29 * DAY);
    expect(await secureStatus(main)).toBe(200);
    jest.setSystemTime(start + 58 * DAY);
    expect(await profileStatus(sso)).toBe(200);
    jest.setSystemTime(start + 89 * DAY);
    expect(await secureStatus(main)).toBe(401);
    expect(await profileStatus(sso)).toBe(401);
    // The next sign-in sweeps the ended session out of the table.
    await signInBrowser(t);
    expect(t.db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 1 });
  });

  it('validates SESSION_IDLE_DAYS (a whole number of days, 1 or more; default 30)', async () => {
    expect(t.config.sessionIdleDays).toBe(30);
    await expect(createTestApp({ SESSION_IDLE_DAYS: '0' })).rejects.toThrow(ConfigError);
    await expect(createTestApp({ SESSION_IDLE_DAYS: 'month' })).rejects.toThrow(/SESSION_IDLE_DAYS/);
  });
});

describe('sockets of a revoked session', () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    await createAccount(t.app, { username: USERNAME, password: PASSWORD, name: 'Anna' });
    attachSocketServer(t.app, t.app.ctx);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await t.close();
  });

  async function open(token: string): Promise<Socket> {
    const socket = connect(url, { query: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    return socket;
  }
  const disconnected = (socket: Socket) =>
    new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));

  it('disconnects the open sockets of a session at once when it logs out; others stay', async () => {
    const mine = await signInBrowser(t);
    const other = await signInBrowser(t);
    const socket = await open(mine.main);
    const otherSocket = await open(other.main);
    const closed = disconnected(socket);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(mine.sso) })).statusCode,
    ).toBe(200);
    await expect(closed).resolves.toBe('io server disconnect');
    expect(otherSocket.connected).toBe(true);
    // A new connection with the revoked token is refused at the handshake.
    await expect(open(mine.main)).rejects.toThrow('Your session has ended. Please log in again');
  });

  it('a password change disconnects the sockets of the other sessions, not its own', async () => {
    const here = await signInBrowser(t);
    const elsewhere = await signInBrowser(t);
    const ownSocket = await open(here.main);
    const otherSocket = await open(elsewhere.main);
    const closed = disconnected(otherSocket);
    const change = await changePassword(t, here.sso, PASSWORD);
    expect(change.statusCode).toBe(200);
    await expect(closed).resolves.toBe('io server disconnect');
    expect(ownSocket.connected).toBe(true);
  });

  it('a password reset disconnects the sockets of every session', async () => {
    const first = await signInBrowser(t);
    const second = await signInBrowser(t);
    const closed = [await open(first.main), await open(second.main)].map(disconnected);
    const reset = await resetByMail(t, PASSWORD);
    expect(reset.statusCode).toBe(200);
    await expect(Promise.all(closed)).resolves.toEqual(['io server disconnect', 'io server disconnect']);
  });
});
