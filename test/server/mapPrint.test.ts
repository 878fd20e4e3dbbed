import type { MapPrintRequest } from '../../src/contract/MapPrint';
import type { SubscriptionResponse } from '../../src/contract/Subscription';
import { serverTranslator } from '../../server/services/i18n/ServerTranslator';
import { PRINT_MESSAGES } from '../../server/routes/main/mapPrintRoutes';
import { buildTestDataset } from './helpers/buildTestDataset';
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';
import { subscribeToPlan } from './helpers/subscribeToPlan';

let t: TestApp;
let centre: { east: number; north: number };

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  centre = t.db
    .prepare(`SELECT lv95_x AS east, lv95_y AS north FROM parcels WHERE obj_count >= 1 ORDER BY id LIMIT 1`)
    .get() as { east: number; north: number };
}, 60_000);
afterAll(async () => t.close());

const valid = (): MapPrintRequest => ({
  paper: 'A4',
  orientation: 'portrait',
  scale: 1000,
  center: centre,
  layers: ['alpha-zones', 'satellite'],
  title: 'Situationsplan',
  locale: 'de',
  view: 'map=8.51736%2C47.19%2C16.5%2C0%2C0&parcel=CH123',
});

const print = (user: SignedIn | null, body: unknown, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/v1/secure/maps/print',
    headers: { ...(user?.headers ?? {}), langcode: lang },
    payload: body as object,
  });

async function usage(user: SignedIn) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/v1/secure/subscriptions',
    headers: user.headers,
  });
  return response.json<SubscriptionResponse>().subscription!.usage;
}

describe('POST /v1/secure/maps/print', () => {
  it('answers the PDF as an attachment to a signed-in map user, without counting a report download', async () => {
    const user = await signIn(t.app);
    subscribeToPlan(t.db, user.user.id, 'standard', new Date());
    const before = await usage(user);
    const response = await print(user, valid());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="parcel-atlas-map-1-1000-A4-portrait-\d{4}-\d{2}-\d{2}\.pdf"/,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The document's language and title are set.
    const text = response.rawPayload.toString('latin1');
    expect(text).toMatch(/\/Lang \(de\)/);
    expect(await usage(user)).toEqual(before);
  }, 60_000);

  it('refuses a visitor without a session', async () => {
    expect((await print(null, valid())).statusCode).toBe(401);
  });

  it.each([
    ['paper', { paper: 'A5' }],
    ['orientation', { orientation: 'diagonal' }],
    ['scale', { scale: 3000 }],
    ['center', { center: { east: 2_900_000, north: 1_200_000 } }],
    ['center', { center: { east: 2_682_000 } }],
    ['layers', { layers: ['cadastre-secret'] }],
    ['title', { title: 'x'.repeat(81) }],
    ['locale', { locale: 'es' }],
    ['view', { view: 'map=1"><script>' }],
    ['invalid', { extra: true }],
  ] as const)('refuses a bad %s with a 400 in the language asked for', async (field, change) => {
    const user = await signIn(t.app);
    const response = await print(user, { ...valid(), ...change }, 'fr');
    expect(response.statusCode).toBe(400);
    const key = `server.print.${field}`;
    expect(serverTranslator('en').t(key)).toBe(PRINT_MESSAGES[field]);
    expect(response.json()).toMatchObject({ error: true, message: serverTranslator('fr').t(key) });
  });

  it('refuses a missing field and a body that is not JSON with a 4xx, never a 500', async () => {
    const user = await signIn(t.app);
    const { center: _center, ...withoutCentre } = valid();
    const missing = await print(user, withoutCentre, 'it');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(serverTranslator('it').t('server.print.center'));
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/v1/secure/maps/print',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"paper":',
    });
    expect(garbled.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbled.statusCode).toBeLessThan(500);
  });

  it('stops an account after 20 prints a minute with a 429 and Retry-After', async () => {
    const user = await signIn(t.app);
    const small = { ...valid(), scale: 500, layers: [] };
    for (let i = 0; i < 20; i++) expect((await print(user, small)).statusCode).toBe(200);
    const refused = await print(user, small, 'de');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toBe(serverTranslator('de').t('server.print.tooMany'));
    // Another account prints on.
    expect((await print(await signIn(t.app), small)).statusCode).toBe(200);
  }, 120_000);
});
