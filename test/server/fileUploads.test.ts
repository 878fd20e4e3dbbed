import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { JPEG_HEADER, multipartBody, PNG_1X1, WEBP_HEADER } from './helpers/multipart';

describe('file upload (POST /v1/secure/file-items/{type}/upload, multipart field file)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const upload = (
    headers: Record<string, string>,
    type: string,
    parts: Parameters<typeof multipartBody>[0],
  ) => {
    const body = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: `/v1/secure/file-items/${type}/upload`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const file = (content: Buffer | string, filename = 'picture.png') => [{ field: 'file', filename, content }];
  const storedFiles = () => {
    const dir = path.join(t.dataDir, 'files');
    return fs.existsSync(dir)
      ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).length > 2)
      : [];
  };

  it('stores an avatar by content hash, serves it to its owner with its real type and nosniff, and sets it', async () => {
    const owner = await signIn(t.app);
    // The name says GIF, the content is PNG: the content decides.
    const response = await upload(owner.headers, 'avatar', file(PNG_1X1, 'me.gif'));
    expect(response.statusCode).toBe(200);
    const { id, url, mime, size } = response.json();
    expect({ mime, size, url }).toEqual({
      mime: 'image/png',
      size: PNG_1X1.length,
      url: `/v1/secure/file-items/${id}`,
    });
    const hash = (await import('node:crypto')).createHash('sha256').update(PNG_1X1).digest('hex');
    expect(fs.readFileSync(path.join(t.dataDir, 'files', hash.slice(0, 2), hash))).toEqual(PNG_1X1);

    const read = await t.app.inject({ url, headers: owner.headers });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.rawPayload).toEqual(PNG_1X1);
    const preferences = await t.app.inject({ url: '/v1/secure/preferences/', headers: owner.headers });
    expect(preferences.json().avatarFileId).toBe(id);
  });

  it('shows an avatar to its owner and administrators only; others and anonymous callers get 404/401', async () => {
    const owner = await signIn(t.app);
    const { url } = (await upload(owner.headers, 'avatar', file(JPEG_HEADER))).json();
    const stranger = await signIn(t.app);
    const admin = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'] });
    expect((await t.app.inject({ url, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const asAdmin = await t.app.inject({ url, headers: admin.headers });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('image/jpeg');
  });

  it('serves signature images without a token (they go out in mails), only administrators upload them', async () => {
    const admin = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'] });
    const user = await signIn(t.app);
    expect((await upload(user.headers, 'signature-image', file(PNG_1X1))).statusCode).toBe(403);
    const { url, mime } = (
      await upload(admin.headers, 'signature-image', file(WEBP_HEADER, 'x.webp'))
    ).json();
    expect(mime).toBe('image/webp');
    expect(url).toMatch(/^\/v1\/files\/signature-image\/[0-9a-f-]{36}$/);
    const read = await t.app.inject({ url });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/webp');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    // An avatar is not reachable through the public path.
    const avatar = (await upload(user.headers, 'avatar', file(PNG_1X1))).json();
    expect((await t.app.inject({ url: `/v1/files/signature-image/${avatar.id}` })).statusCode).toBe(404);
  });

  it('refuses bad input with 400 and a clear message, keeping nothing', async () => {
    const { headers } = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'] });
    const refusals: [Promise<{ statusCode: number; json(): { message: string } }>, RegExp][] = [
      [
        upload(headers, 'avatar', file('<svg onload="alert(1)"></svg>', 'evil.png')),
        /Only PNG, JPEG or WebP/,
      ],
      [upload(headers, 'avatar', file('GIF89a......', 'a.gif')), /Only PNG, JPEG or WebP/],
      [upload(headers, 'avatar', file(Buffer.alloc(0))), /empty/],
      [
        upload(headers, 'signature-image', file(Buffer.concat([PNG_1X1, Buffer.alloc(1024 * 1024)]))),
        /too large: at most 1 MB/,
      ],
      [
        upload(headers, 'avatar', [{ field: 'picture', filename: 'a.png', content: PNG_1X1 }]),
        /field "file"/,
      ],
      [
        upload(headers, 'avatar', [
          { field: 'file', filename: 'a.png', content: PNG_1X1 },
          { field: 'file', filename: 'b.png', content: JPEG_HEADER },
        ]),
        /exactly one file/,
      ],
      [upload(headers, 'avatar', []), /exactly one file|multipart/],
      [upload(headers, 'document', file(PNG_1X1)), /type/],
      [
        t.app.inject({
          method: 'POST',
          url: '/v1/secure/file-items/avatar/upload',
          headers,
          payload: { file: 'x' },
        }),
        /multipart/,
      ],
    ];
    for (const [pending, message] of refusals) {
      const response = await pending;
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect(storedFiles()).toEqual([]);
    expect((await t.app.inject({ url: '/v1/secure/preferences/', headers })).json().avatarFileId).toBeNull();
  });
});
