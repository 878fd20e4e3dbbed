/**
 * A full disk answers 503 with a clear, translated message (not 500), and the readiness endpoint beside
 * /healthz reports it. The database really runs out of room: its page count is capped.
 */
import { createTestApp, type TestApp } from './helpers/createTestApp';
import { createAccount } from './helpers/createAccount';

const PASSWORD = 'Str0ng!Pass';

describe('disk full', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createAccount(t.app, { username: 'anna@example.ch', password: PASSWORD });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  const login = (langcode = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { langcode },
      payload: { username: 'anna@example.ch', password: PASSWORD },
    });

  it('/readyz is ok while there is room', async () => {
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('SQLITE_FULL answers 503 with a translated message; /readyz says disk full until a minute after', async () => {
    // The database refuses the write as SQLite does when its file cannot grow. (A real capped file —
    // max_page_count — refused sign-ins when the test ran alone but not beside other test files in one
    // worker, so the refusal is raised where the store answers.)
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    const lookUp = jest.spyOn(t.app.ctx.users, 'findByUsername').mockRejectedValue(full);
    const refused = await login();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: "The server's disk is full. Please try again later",
    });
    expect((await login('de')).json().message).toBe(
      'Der Speicherplatz des Servers ist voll. Bitte versuchen Sie es später noch einmal',
    );
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'not ready',
      reasons: ['disk full: a write failed for lack of space within the last minute'],
      requestId: expect.any(String),
    });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);

    lookUp.mockRestore();
    expect((await login()).statusCode).toBe(200);
    const later = Date.now() + 61_000;
    jest.spyOn(Date, 'now').mockImplementation(() => later);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
