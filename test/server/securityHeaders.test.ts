/**
 * Security headers on every answer (CSP that MapLibre works under, no framing,
 * nosniff, Referrer-Policy, HSTS only over https) and `Cache-Control: no-store` on answers that carry a
 * token or personal data.
 */
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { createAccount } from './helpers/createAccount';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    MAIN_URL: 'https://main.atlas.test',
    SOCKET_URL: 'https://socket.atlas.test',
    PAYMENT_URL: 'https://pay.atlas.test',
  });
});
afterAll(async () => t.close());

/** The CSP as directive → sources. */
function csp(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  it('every answer carries the CSP, nosniff, frame denial and Referrer-Policy; no HSTS over http', async () => {
    for (const url of ['/healthz', '/config.js', '/api/plans', '/tiles/base/7/67/44.pbf', '/login']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
    }
  });

  it('the CSP lets MapLibre and antd work and reach the configured hosts', async () => {
    const policy = csp((await t.app.inject({ url: '/healthz' })).headers['content-security-policy']);
    expect(policy.get('worker-src')).toEqual(
      expect.arrayContaining(["'self'", 'blob:', 'https://main.atlas.test']),
    );
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(policy.get('style-src')).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'"]));
    expect(policy.get('connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://main.atlas.test',
        'https://pay.atlas.test',
        'https://socket.atlas.test',
        'wss://socket.atlas.test',
      ]),
    );
    expect(policy.get('form-action')).toEqual(expect.arrayContaining(["'self'", 'https://pay.atlas.test']));
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('TERRAIN_TILES_URL=off and SATELLITE_TILES_URL=off (no internet): the browser gets no such service and the CSP names no outside tile host', async () => {
    const offline = await createTestApp({ TERRAIN_TILES_URL: 'off', SATELLITE_TILES_URL: 'OFF' });
    try {
      const config = (await offline.app.inject({ url: '/config.js' })).body;
      expect(config).toContain('"terrainTilesUrl":null');
      expect(config).toContain('"satelliteTilesUrl":null');
      const res = await offline.app.inject({ url: '/healthz' });
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(String(res.headers['content-security-policy'])).not.toMatch(/amazonaws|geo\.admin/);
    } finally {
      await offline.close();
    }
  });

  it('HSTS when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://atlas.example.ch' });
    try {
      const res = await https.app.inject({ url: '/healthz' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    } finally {
      await https.close();
    }
  });

  it('the test checkout page cannot be framed', async () => {
    const who = await signIn(t.app);
    const started = await t.app.inject({
      method: 'POST',
      url: '/v1/secure/payment/create-checkout-session',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ lookup_key: 'standard_monthly', token: who.mainToken }).toString(),
    });
    const page = await t.app.inject({
      url: started.headers.location as string,
      headers: { cookie: String(started.headers['set-cookie']).split(';')[0] },
    });
    expect(page.statusCode).toBe(200);
    expect(csp(page.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });
});

describe('Cache-Control: no-store on tokens and personal data', () => {
  it('login (tokens), profile, authorize and subscription answers are never stored', async () => {
    await createAccount(t.app, { username: 'store@example.ch', password: 'Secret-Pass1!' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'store@example.ch', password: 'Secret-Pass1!' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const who = await signIn(t.app);
    const sso = { authorization: `Bearer ${who.ssoToken}` };
    const profile = await t.app.inject({ url: '/api/admin/profile', headers: sso });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    const authorize = await t.app.inject({ method: 'POST', url: '/v1/secure/user/authorize', headers: sso });
    expect(authorize.headers['cache-control']).toBe('no-store');
    const subscription = await t.app.inject({ url: '/v1/secure/subscriptions', headers: who.headers });
    expect(subscription.statusCode).toBe(200);
    expect(subscription.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ url: '/v1/secure/subscriptions' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('public, token-free answers keep their caching', async () => {
    const tile = await t.app.inject({ url: '/tiles/base/7/67/44.pbf' });
    expect(tile.headers['cache-control']).toBe('public, max-age=86400');
    expect(tile.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const api = await t.app.inject({ url: '/api/plans' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-site');
    const config = await t.app.inject({ url: '/config.js' });
    expect(config.headers['cache-control']).toBe('no-cache');
  });
});
