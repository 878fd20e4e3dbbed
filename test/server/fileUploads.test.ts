import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_RATE_LIMIT } from '../../server/services/accounts/rateLimits';
import { createFileService, UPLOAD_ALLOWANCE, UploadError } from '../../server/services/files/FileService';
import { createSqliteStores } from '../../server/store/sqlite/createSqliteStores';
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

  /** A distinct PNG of `size` bytes (the type is read from the first bytes; the rest is padding). */
  const png = (size: number, seed: number) =>
    Buffer.concat([PNG_1X1, Buffer.alloc(size - PNG_1X1.length, seed % 251)]);

  it('answers a refused upload in the language of the request', async () => {
    const { headers } = await signIn(t.app);
    const response = await upload({ ...headers, langcode: 'it' }, 'avatar', file(Buffer.alloc(0)));
    expect(response.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Il file è vuoto',
    });
  });

  it('a new avatar replaces the old one: its row and its bytes are deleted, the file answers 404', async () => {
    const owner = await signIn(t.app);
    const first = (await upload(owner.headers, 'avatar', file(PNG_1X1))).json();
    const second = (await upload(owner.headers, 'avatar', file(JPEG_HEADER, 'me.jpg'))).json();
    expect(second.mime).toBe('image/jpeg');
    const hashOf = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
    expect(storedFiles().map((name) => path.basename(String(name)))).toEqual([hashOf(JPEG_HEADER)]);
    expect((await t.app.inject({ url: first.url, headers: owner.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second.url, headers: owner.headers })).statusCode).toBe(200);
    const preferences = await t.app.inject({ url: '/v1/secure/preferences/', headers: owner.headers });
    expect(preferences.json().avatarFileId).toBe(second.id);
  });

  it("keeps the bytes of a replaced avatar another account's file still names", async () => {
    const anna = await signIn(t.app);
    const ben = await signIn(t.app);
    await upload(anna.headers, 'avatar', file(PNG_1X1));
    await upload(ben.headers, 'avatar', file(PNG_1X1));
    await upload(anna.headers, 'avatar', file(JPEG_HEADER, 'me.jpg'));
    const bens = (await t.app.inject({ url: '/v1/secure/preferences/', headers: ben.headers })).json();
    const read = await t.app.inject({
      url: `/v1/secure/file-items/${bens.avatarFileId}`,
      headers: ben.headers,
    });
    expect(read.rawPayload).toEqual(PNG_1X1);
  });

  it(`limits uploads to ${UPLOAD_RATE_LIMIT.max} per account in ${UPLOAD_RATE_LIMIT.windowMs / 60_000} minutes: then 429 with Retry-After, nothing stored`, async () => {
    const owner = await signIn(t.app);
    for (let i = 0; i < UPLOAD_RATE_LIMIT.max; i++)
      expect((await upload(owner.headers, 'avatar', file(png(100, i)))).statusCode).toBe(200);
    const before = storedFiles();
    const refused = await upload(owner.headers, 'avatar', file(png(100, 999)));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json().message).toMatch(/Too many attempts/);
    expect(storedFiles()).toEqual(before);
    // Replaced avatars were deleted on the way: one file is left of the twenty.
    expect(before).toHaveLength(1);
    // Another account is not held back.
    const other = await signIn(t.app);
    expect((await upload(other.headers, 'avatar', file(PNG_1X1))).statusCode).toBe(200);
  });

  it(`keeps at most ${UPLOAD_ALLOWANCE.files} files and ${UPLOAD_ALLOWANCE.bytes / 1024 / 1024} MB per account; beyond, a clear refusal and nothing stored, while the avatar can still be changed`, async () => {
    const owner = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'] });
    const stores = createSqliteStores(t.db);
    const files = createFileService({
      dataDir: t.dataDir,
      files: stores.fileItems,
      preferences: stores.preferences,
      unitOfWork: stores.unitOfWork,
      uploadLimiter: { hit: async () => ({ allowed: true }), reset: async () => undefined },
    });
    const megabyte = 1024 * 1024;
    // Volume first: twenty signature images of 1 MB fill the 20 MB.
    for (let i = 0; i < 20; i++) await files.save(owner.user.id, 'signature-image', png(megabyte, i));
    await expect(files.save(owner.user.id, 'signature-image', png(200, 100))).rejects.toThrow(
      new UploadError('Upload limit reached: an account keeps at most 30 files and 20 MB'),
    );
    const stored = storedFiles().length;
    // Count next, for another account: thirty small files, then a refusal.
    const small = await signIn(t.app);
    await files.save(small.user.id, 'avatar', png(100, 1000));
    for (let i = 1; i < UPLOAD_ALLOWANCE.files; i++)
      await files.save(small.user.id, 'signature-image', png(100, 1000 + i));
    await expect(files.save(small.user.id, 'signature-image', png(100, 2000))).rejects.toThrow(UploadError);
    expect(storedFiles()).toHaveLength(stored + UPLOAD_ALLOWANCE.files);
    // The avatar it replaces makes room: a full account can still change its picture.
    const changed = await files.save(small.user.id, 'avatar', png(100, 3000));
    expect((await stores.preferences.get(small.user.id)).avatarFileId).toBe(changed.id);
    expect(storedFiles()).toHaveLength(stored + UPLOAD_ALLOWANCE.files);
  });
});
