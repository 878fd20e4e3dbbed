import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { loadConfig, ConfigError } from '../../server/config';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { sqliteStorage } from '../../server/store/sqlite/openStorage';
import { buildApp } from '../../server/app';
import { requireRole } from '../../server/http/requireRole';
import { createTokenService } from '../../server/services/tokens/TokenService';
import { signIn } from './helpers/createTestApp';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'pa-foundation-'));
}

describe('configuration from the environment', () => {
  it('uses the defaults: port 8080, ./data-like DATA_DIR, same-origin client URLs', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(dir);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.clientUrls).toEqual({ sso: '', main: '', payment: '', socket: '' });
    expect(config.tokenTtlSeconds).toBe(31104000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be a whole number'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL must be an absolute URL'],
    [{ SMTP_URL: 'nope' }, 'SMTP_URL must be an absolute URL'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters long'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ DATASET_CANTONS: 'ZG;LU' }, 'DATASET_CANTONS must be canton codes'],
  ])('refuses %j with one clear message', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(message);
  });

  it('generates a JWT secret once and keeps it under DATA_DIR', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });
});

describe('the one-process server', () => {
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    const dir = tempDir();
    dist = path.join(dir, 'dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Parcel Atlas</title>');
    fs.writeFileSync(path.join(dist, 'main.0123abcd.js'), 'console.log(1)');
    // What the build's PrecompressPlugin writes beside each text asset.
    fs.writeFileSync(path.join(dist, 'main.0123abcd.js.br'), brotliCompressSync('console.log(1)'));
    fs.writeFileSync(path.join(dist, 'main.0123abcd.js.gz'), gzipSync('console.log(1)'));
    // Below the build's size threshold: no compressed siblings.
    fs.writeFileSync(path.join(dist, 'small.89abcdef.js'), 'console.log(2)');
    const config = loadConfig({ DATA_DIR: dir, DIST_DIR: dist, LOG_LEVEL: 'silent' });
    app = await buildApp({ config, storage: sqliteStorage(openDatabase(path.join(dir, 'test.sqlite'))) });
    app.get('/v1/secure/guarded', { preHandler: requireRole(app.ctx, 'MAPUSER') }, async (request) => ({
      user: request.auth?.username,
    }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers /healthz with 200 {status: ok}', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves index.html for an unknown page that asks for HTML (history-mode routing)', async () => {
    const response = await app.inject({
      url: '/login',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<title>Parcel Atlas</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown API path with a JSON 404, even when HTML is accepted', async () => {
    for (const url of ['/v1/secure/nothing-here', '/api/user/nothing']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: true });
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ url: '/main.0123abcd.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's brotli or gzip sibling to a browser that accepts it, with the asset's own type", async () => {
    const brotli = await app.inject({ url: '/main.0123abcd.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    const gzip = await app.inject({ url: '/main.0123abcd.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)');
    const plain = await app.inject({ url: '/main.0123abcd.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('sends a built file that has no compressed sibling as it is, also to a browser accepting brotli', async () => {
    const small = await app.inject({
      url: '/small.89abcdef.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(2)');
  });

  it('serves public/ files beside the build (the service worker), never the index.html template', async () => {
    const worker = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const template = await app.inject({ url: '/index.html' });
    expect(template.body).toBe('<!doctype html><title>Parcel Atlas</title>');
    const style = await app.inject({ url: '/styles/radon.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(style.statusCode).toBe(200);
    expect(style.json()).toMatchObject({ id: 'radon' });
    expect(style.headers['cache-control']).toBe('no-cache');
  });

  it('hands the browser its runtime config with same-origin base URLs', async () => {
    const response = await app.inject({ url: '/config.js' });
    expect(response.body).toContain('window.__PARCEL_ATLAS_CONFIG__ = {"ssoUrl":"","mainUrl":""');
  });

  describe('the secure-route guard', () => {
    /** A main token for a real account with these roles (the guard re-checks the account on every call). */
    const sign = async (roles: string[], ttl?: number) => {
      const { user, sessionId } = await signIn(app, { roles });
      const tokens = ttl === undefined ? app.ctx.tokens : createTokenService(app.ctx.config.jwtSecret, ttl);
      return tokens.sign('main', { sub: user.id, username: user.username, roles, sid: sessionId });
    };

    it('lets a MAPUSER through', async () => {
      const token = await sign(['MAPUSER']);
      const response = await app.inject({
        url: '/v1/secure/guarded',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatch(/@example\.ch$/);
    });

    it('lets SUPER through (always allowed)', async () => {
      const token = await sign(['super']);
      const response = await app.inject({
        url: '/v1/secure/guarded',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
    });

    it('answers 401 without a token', async () => {
      const response = await app.inject({ url: '/v1/secure/guarded' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: true,
        requestId: expect.any(String),
        message: 'Authorization token is missing',
      });
    });

    it('answers 401 for a tampered token', async () => {
      const token = await sign(['MAPUSER']);
      const response = await app.inject({
        url: '/v1/secure/guarded',
        headers: { authorization: `Bearer ${token.slice(0, -2)}xx` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Authorization token is invalid');
    });

    it('answers 401 for an SSO token on a main-server route', async () => {
      const token = await app.ctx.tokens.sign('sso', {
        sub: 'u1',
        username: 'anna',
        roles: ['MAPUSER'],
        sid: 's1',
      });
      const response = await app.inject({
        url: '/v1/secure/guarded',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
    });

    it('answers 401 for an expired token', async () => {
      const token = await sign(['MAPUSER'], -60);
      const response = await app.inject({
        url: '/v1/secure/guarded',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Your session has expired. Please log in again');
    });

    it('answers 403 with the access-denied message for a missing role', async () => {
      const token = await sign(['DEALER']);
      const response = await app.inject({
        url: '/v1/secure/guarded',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: true,
        requestId: expect.any(String),
        message: 'Access denied. Please login with correct credentials to access the system',
      });
    });

    it('refuses a token signed with another algorithm (alg none)', async () => {
      const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
      const body = Buffer.from(
        JSON.stringify({ sub: 'u1', roles: ['MAPUSER'], aud: 'main', iss: 'parcel-atlas', exp: 9999999999 }),
      ).toString('base64url');
      const response = await app.inject({
        url: '/v1/secure/guarded',
        headers: { authorization: `Bearer ${header}.${body}.` },
      });
      expect(response.statusCode).toBe(401);
    });
  });
});

describe('migrations', () => {
  it('applies each version once and records it', () => {
    const file = path.join(tempDir(), 'm.sqlite');
    openDatabase(file).close();
    const db = openDatabase(file);
    const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
    expect(versions[0]).toBe(1);
    expect(new Set(versions).size).toBe(versions.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  });
});
