/**
 * A full disk answers 503 with a clear, translated message (not 500), and the readiness endpoint beside
 * /healthz reports it. The database really runs out of room: its page count is capped.
 */
import argon2 from 'argon2';
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
    const pages = t.db.pragma('page_count', { simple: true }) as number;
    t.db.pragma(`max_page_count = ${pages + 8}`);
    // Every free page and the few allowed beyond are taken, so the next write that needs a page fails
    // (without this the sign-ins could live on free pages for a long time).
    t.db.exec('CREATE TABLE IF NOT EXISTS ballast (filler BLOB)');
    const fill = t.db.prepare('INSERT INTO ballast (filler) VALUES (randomblob(?))');
    for (const size of [4096, 512, 64, 8]) {
      try {
        for (let i = 0; i < 100_000; i += 1) fill.run(size);
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_FULL') throw error;
      }
    }
    // The hash check is not under test: a fast stand-in keeps the many sign-ins quick.
    jest.spyOn(argon2, 'verify').mockResolvedValue(true);
    // Sign-ins write a session each: soon one needs a page more than the cap allows.
    let refused = await login();
    for (let i = 0; i < 2000 && refused.statusCode === 200; i += 1) refused = await login();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      error: true,
      message: "The server's disk is full. Please try again later",
    });
    expect((await login('de')).json().message).toBe(
      'Der Speicherplatz des Servers ist voll. Bitte versuchen Sie es später noch einmal',
    );
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'disk full' });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);

    t.db.pragma('max_page_count = 1073741823');
    const later = Date.now() + 61_000;
    jest.spyOn(Date, 'now').mockImplementation(() => later);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
