import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { multipartBody, PNG_1X1 } from './helpers/multipart';

describe('preferences (GET /v1/secure/preferences/, POST /v1/secure/preferences/email-signature)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const save = (headers: Record<string, string>, emailSignature: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/secure/preferences/email-signature',
      headers,
      payload: { emailSignature },
    });
  const load = (headers: Record<string, string>) => t.app.inject({ url: '/v1/secure/preferences/', headers });

  it('starts empty, and an administrator’s signature round-trips with the editor’s formatting', async () => {
    const { headers } = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'] });
    expect((await load(headers)).json()).toEqual({
      emailSignature: '',
      avatarFileId: null,
      timeZone: 'Europe/Zurich',
    });
    const html =
      '<p><strong>Anna</strong> <em>Muster</em> <s>old</s></p><h2>Atlas AG</h2><ul><li>Zug</li></ul>' +
      '<ol><li>one</li></ol><blockquote>quote</blockquote>';
    const saved = await save(headers, html);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ error: false, message: 'Updated email signature', emailSignature: html });
    expect((await load(headers)).json().emailSignature).toBe(html);
  });

  it('removes a <script>, an onerror= handler and a javascript: link, and tags outside the editor', async () => {
    const { headers } = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'] });
    const dirty =
      '<p>Hi<script>alert(1)</script></p>' +
      '<img src="x" onerror="alert(2)">' +
      '<p><a href="javascript:alert(3)">click</a></p>' +
      '<iframe src="https://evil.example"></iframe><p style="color:red" onclick="x()">Bye</p>';
    const stored = (await save(headers, dirty)).json().emailSignature as string;
    expect(stored).toBe('<p>Hi</p><p>click</p><p>Bye</p>');
    for (const bad of ['script', 'onerror', 'javascript:', 'alert', 'iframe', 'style', 'onclick', '<a']) {
      expect(stored).not.toContain(bad);
    }
    expect((await load(headers)).json().emailSignature).toBe(stored);
  });

  it('keeps only images uploaded as signature images', async () => {
    const { headers } = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'] });
    const body = multipartBody([{ field: 'file', filename: 'logo.png', content: PNG_1X1 }]);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v1/secure/file-items/signature-image/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    const { url } = ok.json() as { url: string };
    const stored = (
      await save(
        headers,
        `<p><img src="${url}" alt="logo"><img src="https://tracker.example/p.gif"><img src="data:image/png;base64,AAAA"></p>`,
      )
    ).json().emailSignature;
    expect(stored).toBe(`<p><img src="${url}" alt="logo" /></p>`);
  });

  it('refuses the signature to a map user who is not an administrator (403) and without a token (401)', async () => {
    const { headers } = await signIn(t.app);
    expect((await save(headers, '<p>x</p>')).statusCode).toBe(403);
    expect((await load(headers)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v1/secure/preferences/' })).statusCode).toBe(401);
  });

  it('answers 400 for a missing or oversized signature, and stores nothing', async () => {
    const { headers } = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'] });
    expect((await save(headers, undefined)).statusCode).toBe(400);
    expect((await save(headers, { html: 1 })).statusCode).toBe(400);
    expect((await save(headers, `<p>${'x'.repeat(100_001)}</p>`)).statusCode).toBe(400);
    expect((await load(headers)).json().emailSignature).toBe('');
  });

  describe('the time zone of the digests (POST /v1/secure/preferences/time-zone)', () => {
    const saveZone = (headers: Record<string, string> | undefined, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/secure/preferences/time-zone',
        headers,
        payload: payload as object,
      });

    it('starts in Europe/Zurich and takes any IANA zone of the server from any map user', async () => {
      const { headers } = await signIn(t.app);
      expect((await load(headers)).json().timeZone).toBe('Europe/Zurich');
      const saved = await saveZone(headers, { timeZone: 'America/New_York' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ emailSignature: '', avatarFileId: null, timeZone: 'America/New_York' });
      expect((await load(headers)).json().timeZone).toBe('America/New_York');
      expect((await saveZone(headers, { timeZone: 'Asia/Tokyo' })).json().timeZone).toBe('Asia/Tokyo');
    });

    it('refuses a name that is not one of its zones, or no name, with 400 and a clear message; stores nothing', async () => {
      const { headers } = await signIn(t.app);
      const cases: [unknown, RegExp][] = [
        [{ timeZone: 'Mars/Olympus_Mons' }, /Choose a time zone from the list/],
        [{ timeZone: 'europe/zurich' }, /Choose a time zone from the list/],
        [{ timeZone: 'Europe/Zurich; DROP TABLE preferences' }, /Choose a time zone from the list/],
        [{ timeZone: '' }, /timeZone/],
        [{ timeZone: 'x'.repeat(65) }, /timeZone/],
        // A number is read as its text (the server's schemas coerce), which is no zone.
        [{ timeZone: 2 }, /Choose a time zone from the list/],
        [{ zone: 'Asia/Tokyo' }, /timeZone/],
      ];
      for (const [payload, message] of cases) {
        const response = await saveZone(headers, payload);
        expect([payload, response.statusCode]).toEqual([payload, 400]);
        expect(response.json()).toMatchObject({ error: true, message: expect.stringMatching(message) });
      }
      expect((await load(headers)).json().timeZone).toBe('Europe/Zurich');
      expect((await saveZone(undefined, { timeZone: 'Asia/Tokyo' })).statusCode).toBe(401);
    });

    it('answers the refusal in the language of the request', async () => {
      const { headers } = await signIn(t.app);
      const response = await saveZone({ ...headers, langcode: 'de' }, { timeZone: 'Mars/Olympus_Mons' });
      expect(response.json().message).toBe('Wählen Sie eine Zeitzone aus der Liste');
    });
  });
});
