/**
 * A bounded, fixed-seed fuzz of every route (found from the router itself, so a new
 * route is fuzzed too) with and without tokens. Hostile values — NUL and other control characters,
 * non-finite and huge numbers, negative numbers, long strings, wrong types, repeated keys, malformed
 * bodies — must never give a 5xx.
 */
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { buildTestDataset } from './helpers/buildTestDataset';
import { createAccount } from './helpers/createAccount';
import { createRng } from '../../server/data/random';
import { keyHolder } from './ogc/ogcFixture';
import { totpCodeAt } from '../../server/services/accounts/totpCodes';

const SEED = 0x5eed10;
const REQUESTS = 4000;

/**
 * Values that answer 500 where a route forgets to check them (control characters, overflowing numbers),
 * drawn more often than the rest.
 */
const HOSTILE = [
  'Zug\u0000',
  '\u0000',
  'a\u001fb',
  '1e309',
  '-1e309',
  'Infinity',
  '-Infinity',
  '9'.repeat(400),
];
/** Keys the routes read, drawn more often than the rest. */
const CORE_KEYS = [
  'searchQuery',
  'q',
  'limit',
  'x',
  'y',
  'z',
  'page',
  'size',
  'PRC_SUR_from',
  'STREET',
  'canton',
  'bbox',
  'bbox-crs',
  'crs',
  'offset',
];

/** The dataset's seeded generator (mulberry32), with `int(n)` in [0, n). */
function createRandom(seed: number) {
  const rng = createRng(seed);
  return { next: rng.next, int: (n: number) => rng.int(0, n - 1), pick: rng.pick };
}

type Random = ReturnType<typeof createRandom>;

const NASTY = [
  '',
  ' ',
  'Zug',
  'Zug\u0000',
  '\u0000',
  'a\u0007b',
  '\u001b[31m',
  'line\nbreak',
  '1e309',
  '-1e309',
  'Infinity',
  '-Infinity',
  'NaN',
  '-1',
  '0',
  '1',
  '12',
  '1.5',
  '2147483648',
  '99999999999999999999999',
  '9'.repeat(400),
  'x'.repeat(5000),
  'true',
  'null',
  '[]',
  '{}',
  '"*',
  '"a" OR 1=1 --',
  "'; DROP TABLE parcels; --",
  'NEAR(a b)',
  'a* AND b',
  '%',
  '_',
  '\\',
  'CH123456789012',
  'CH000000000000',
  '8.5,47.1,8.6,47.2',
  '2680000,1220000,2690000,1230000',
  '1,2,3',
  'EPSG:2056',
  'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
  'ZG',
  'Baar',
  'Hünenberg',
  '🙂',
  '\uD800',
  '../../etc/passwd',
  'Standard',
  'With',
  'Baurecht',
  'standard_monthly',
  'anna@example.ch',
  'Aa1!aaaa',
  'cs_test_x',
];

const KEYS = [
  'searchQuery',
  'q',
  'limit',
  'page',
  'size',
  'canton',
  'varname',
  'locname',
  'x',
  'y',
  'z',
  'a',
  'LOCNAME',
  'STREET',
  'STREET[]',
  'GRN_TRM',
  'PRC_SUR_from',
  'PRC_SUR_to',
  'GRN_RAD',
  'GRN_RAD_from',
  'PRC_IND',
  'PRC_TYP',
  'OBJ',
  'PRC_NO',
  'PRC_ID',
  'username',
  'password',
  'email',
  'name',
  'token',
  'key',
  'lookup_key',
  'amount',
  'session_id',
  'card_number',
  'language',
  'roles',
  'pendingLogin',
  'code',
  'currentCode',
  'currentPassword',
  'required',
  'passkey',
  'response',
  'unknown',
  'CANTON',
  'f',
  'scopes',
  'expiresInDays',
  '__proto__',
  'constructor',
];

interface Route {
  method: string;
  path: string;
}

/** Every method and path of the router, from fastify's own route tree. */
function routesOf(t: TestApp): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)── (.+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = Math.round(match[1].length / 4);
    stack.length = depth;
    const path = (depth > 0 ? stack[depth - 1] : '') + match[2];
    stack[depth] = depth === 0 ? '/' : path;
    if (match[2] === '*') continue;
    for (const method of match[3].split(', '))
      if (method !== 'HEAD') routes.push({ method, path: path.replace('//', '/') });
  }
  return routes;
}

function value(random: Random): unknown {
  const roll = random.next();
  if (roll < 0.35) return random.pick(HOSTILE);
  if (roll < 0.7) return random.pick(NASTY);
  if (roll < 0.8) return random.int(2) === 0 ? random.int(1e6) - 1000 : random.next() * 1e300;
  if (roll < 0.85) return random.int(2) === 0;
  if (roll < 0.9) return null;
  if (roll < 0.95) return Array.from({ length: random.int(5) }, () => random.pick(NASTY));
  return { [random.pick(KEYS)]: random.pick(NASTY) };
}

function queryString(random: Random): string {
  const params = new URLSearchParams();
  for (let i = random.int(8); i > 0; i--) {
    const key = random.pick(random.int(2) === 0 ? CORE_KEYS : KEYS);
    const raw = value(random);
    for (const item of Array.isArray(raw) ? raw : [raw]) params.append(key, String(item));
  }
  const text = params.toString();
  // Sometimes raw, undecodable or half-encoded text.
  const raw = random.pick(['', '', '', '&%00=1', '&%=%', '&a=%E0%A4%A', '&x=%FF%FE', '&&&=']);
  return text || raw ? `?${text}${raw}` : '';
}

/** Values a path parameter is drawn from besides the nasty ones: real names reach the handlers. */
const PATH_POOLS: Record<string, string[]> = {
  y: ['10.pbf', '359.pbf', '-1.pbf', 'x.pbf', '1e309.pbf', '0'],
  tile: ['10.pbf', '359.pbf', '-1.pbf', 'x.pbf', '1e309.pbf', '0', '22891'],
  collectionId: ['parcels', 'buildings', 'radon', 'base-labels', ...NASTY],
  // Parcels by EGRID, buildings by OBJ_ID, layer features by number: known, unknown and malformed.
  featureId: ['CH000000000000', '1', '2147483647', '2147483648', '1.5', '-1', '9'.repeat(30), ...NASTY],
  tilesetId: ['parcels', 'buildings', 'floods', ...NASTY],
  style: ['parcels.json', 'radon.json', 'x.json', '../x.json', ...NASTY],
};

function pathOf(route: Route, random: Random): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const pool = PATH_POOLS[name] ?? NASTY;
    const raw = String(random.int(3) === 0 ? random.int(1 << 20) : random.pick(pool));
    try {
      return encodeURIComponent(raw) || 'x';
    } catch {
      return '%ED%A0%80'; // a lone surrogate, as raw bytes
    }
  });
}

function body(random: Random): { payload?: string; contentType?: string } {
  const roll = random.int(6);
  const object: Record<string, unknown> = {};
  for (let i = random.int(6); i > 0; i--) object[random.pick(KEYS)] = value(random);
  switch (roll) {
    case 0:
      return {};
    case 1:
      return { payload: JSON.stringify(object), contentType: 'application/json' };
    case 2:
      // JSON numbers beyond double range parse to Infinity.
      return {
        payload: `{"limit":1e309,"amount":-1e999,"username":"a\\u0000b","password":"${random.pick(NASTY).replace(/["\\]/g, '')}"}`,
        contentType: 'application/json',
      };
    case 3:
      return {
        payload: new URLSearchParams(Object.entries(object).map(([k, v]) => [k, String(v)])).toString(),
        contentType: 'application/x-www-form-urlencoded',
      };
    case 4:
      return {
        payload: random.pick(['{', '[1,2', 'null', '"x"', '\u0000', 'a=%', '1e309']),
        contentType: 'application/json',
      };
    default:
      return {
        payload: random.pick(NASTY),
        contentType: random.pick(['text/plain', 'application/xml', 'multipart/form-data']),
      };
  }
}

let t: TestApp;
let tokens: { label: string; header: Record<string, string> }[];

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  const user = await signIn(t.app);
  const admin = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'] });
  await createAccount(t.app, { username: 'anna@example.ch', password: 'Aa1!aaaa' });
  const { secret } = await keyHolder(t);
  tokens = [
    { label: 'apiKey', header: { authorization: `Bearer ${secret}` } },
    { label: 'none', header: {} },
    { label: 'main', header: user.headers },
    { label: 'sso', header: { authorization: `Bearer ${user.ssoToken}` } },
    { label: 'admin', header: { authorization: `Bearer ${admin.ssoToken}` } },
    { label: 'garbage', header: { authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' } },
    { label: 'malformed', header: { authorization: 'Basic \u0000' } },
  ];
}, 60_000);
afterAll(async () => t.close());

describe('fuzzing every route', () => {
  it('finds every route of the router', () => {
    const paths = routesOf(t).map((route) => `${route.method} ${route.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/user/login',
        'GET /v1/secure/maps/tile',
        'GET /v1/secure/maps/prcid/:id/objects-full',
        'POST /v1/secure/payment/test-checkout/:id/pay',
        'GET /tiles/base/:z/:x/:y',
        'GET /readyz',
        'POST /v1/secure/payment/coupon-quote',
        'GET /ogc/collections/:collectionId/items',
        'GET /ogc/collections/:collectionId/items/:featureId',
        'GET /ogc/tiles/:tilesetId/:z/:x/:tile',
        'POST /v1/secure/api-keys',
        'POST /v1/secure/admin/api-keys/:id/revoke',
        'POST /api/user/login/second-factor',
        'POST /api/user/login/passkey/options',
        'POST /api/user/login/passkey',
        'GET /api/user/two-factor',
        'POST /api/user/two-factor/totp/start',
        'POST /api/user/two-factor/totp/confirm',
        'POST /api/user/two-factor/totp/disable',
        'POST /api/user/two-factor/recovery-codes',
        'POST /api/user/two-factor/passkeys/options',
        'POST /api/user/two-factor/passkeys/confirm-options',
        'POST /api/user/two-factor/passkeys',
        'POST /api/user/two-factor/passkeys/:id',
        'DELETE /api/user/two-factor/passkeys/:id',
        'POST /api/admin/sites/:siteID/two-factor',
      ]),
    );
    expect(paths.length).toBeGreaterThan(35);
  });

  it(`${REQUESTS} generated requests (seed ${SEED}), with and without tokens, give no 5xx`, async () => {
    const random = createRandom(SEED);
    const routes = routesOf(t);
    const apiGets = routes.filter(
      (r) => r.method === 'GET' && (r.path.startsWith('/v1/secure/') || r.path.startsWith('/ogc/')),
    );
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < REQUESTS; i++) {
      // Half the time one of the signed-in API's GET routes, where most of the query handling is.
      const route = random.pick(random.int(2) === 0 ? apiGets : routes);
      // Logins hash with argon2 (slow on purpose): fuzz them less often.
      if (/login|register|password|invite/.test(route.path) && random.int(4) !== 0) continue;
      const url = pathOf(route, random) + queryString(random);
      const { payload, contentType } = route.method === 'GET' ? {} : body(random);
      // The signed-in token, or the API key on the OGC API, half the time; else any.
      const token =
        random.int(2) === 0 ? tokens[route.path.startsWith('/ogc/') ? 0 : 2] : random.pick(tokens);
      const headers: Record<string, string> = { ...token.header };
      if (contentType) headers['content-type'] = contentType;
      if (random.int(4) === 0) headers['accept-encoding'] = 'gzip';
      const res = await t.app.inject({ method: route.method as 'GET', url, headers, payload });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500)
        failures.push(
          `${res.statusCode} ${route.method} ${url} [${token.label}] ${payload ?? ''} → ${res.body.slice(0, 200)}`,
        );
    }
    expect(failures.slice(0, 10)).toEqual([]);
    // The run reached the handlers, not only the validators.
    expect(statuses.get(200)).toBeGreaterThan(50);
  }, 120_000);

  it.each([
    [
      '/v1/secure/maps/search?searchQuery=Zug%00',
      'querystring.searchQuery must not contain control characters',
    ],
    ['/v1/secure/location-names/?limit=-Infinity', 'querystring.limit must be a finite number'],
    ['/v1/secure/location-names/?limit=1e309', 'querystring.limit must be a finite number'],
    ['/v1/secure/maps/all-around?x=-Infinity&y=1&z=15', null],
    ['/v1/secure/maps/search?PRC_SUR_from=' + '9'.repeat(400), 'PRC_SUR_from must be a finite number'],
  ])('%s answers 400', async (url, message) => {
    const user = await signIn(t.app);
    const res = await t.app.inject({ url, headers: user.headers });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });

  it('the second-factor step answers 4xx to hostile passkey answers and codes of a real pending login', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: 'anna@example.ch', password: 'Aa1!aaaa' },
        remoteAddress: '192.0.2.77',
      });
    const token = (await login()).json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    const start = await t.app.inject({ method: 'POST', url: '/api/user/two-factor/totp/start', headers });
    const code = totpCodeAt(start.json().secret, Date.now());
    const confirm = {
      method: 'POST',
      url: '/api/user/two-factor/totp/confirm',
      headers,
      payload: { code },
    } as const;
    expect((await t.app.inject(confirm)).statusCode).toBe(200);
    const user = await t.app.ctx.users.findByUsername('anna@example.ch');
    // A passkey whose stored key is garbage: verifying an answer against it must fail cleanly.
    t.db
      .prepare(
        `INSERT INTO passkeys (id, user_id, name, public_key, counter, transports, created_at)
         VALUES ('AAAA', ?, 'broken', 'AAAA', 0, '[]', 0)`,
      )
      .run(user?.id);
    const { pendingLogin } = (await login()).json() as { pendingLogin: string };
    expect(pendingLogin).toEqual(expect.any(String));
    const random = createRandom(SEED + 1);
    for (let i = 0; i < 60; i++) {
      const passkey = {
        id: random.pick(['AAAA', 'x', '', '-_-_']),
        rawId: 'AAAA',
        type: 'public-key',
        clientExtensionResults: {},
        response: Object.fromEntries(
          ['clientDataJSON', 'authenticatorData', 'signature', 'userHandle']
            .filter(() => random.int(4) !== 0)
            .map((key) => [key, random.pick(['', 'AAAA', 'e30', '9'.repeat(400)])]),
        ),
      };
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login/second-factor',
        payload: random.int(2) === 0 ? { pendingLogin, passkey } : { pendingLogin, code: value(random) },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('refuses control characters and non-finite numbers in JSON bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"anna@example.ch\\u0000","password":"x"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body.username must not contain control characters');
  });
});
