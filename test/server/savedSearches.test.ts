import { NOTIFICATION_EVENT, type AppNotification } from '../../src/contract/PushNotifications';
import {
  SAVED_SEARCH_CHANGED_EVENT,
  type SavedSearch,
  type SavedSearchesResponse,
} from '../../src/contract/SavedSearches';
import { square } from '../helpers/cadastreFiles';
import { createDatasetTestApp } from './helpers/buildTestDataset';
import { signIn, type SignedIn, type TestApp } from './helpers/createTestApp';
import { readOutbox } from './helpers/outbox';
import { importSurveyAndWaitForAlerts } from './helpers/uploadCadastreFile';

let t: TestApp;
let anna: SignedIn;
let ben: SignedIn;
let carla: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  ({ t } = await createDatasetTestApp());
  anna = await signIn(t.app, { name: 'Anna Ammann', username: 'anna@atlas.test' });
  ben = await signIn(t.app, { name: 'Ben Brunner' });
  carla = await signIn(t.app, { name: 'Carla Caduff' });
  admin = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'], username: 'admin@atlas.test' });
  await t.app.ctx.users.setSites(anna.user.id, ['zug']);
  await t.app.ctx.users.setSites(ben.user.id, ['zug']);
  await t.app.ctx.users.setSites(carla.user.id, ['bern']);
}, 60_000);
afterAll(() => t.close());

const call = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/v1/secure/${url}`, headers: who.headers, payload });

async function save(who: SignedIn, body: object): Promise<SavedSearch> {
  const response = await call(who, 'POST', 'saved-searches', body);
  expect(response.json()).toMatchObject({ name: expect.any(String) });
  expect(response.statusCode).toBe(201);
  return response.json<SavedSearch>();
}

/** The in-app notifications the socket server would push, by user id. */
function listen<T>(event: string): { heard: T[]; stop(): void } {
  const heard: T[] = [];
  const listener = (data: T) => heard.push(data);
  t.app.ctx.events.on(event, listener);
  return { heard, stop: () => t.app.ctx.events.off(event, listener) };
}

/** Two parcels of Cham (LV95) as an admin uploads them. */
const importCham = () =>
  importSurveyAndWaitForAlerts(t, admin.headers, 'cham.geojson', [
    { properties: { egrid: 'CH170200000001', nr: '7' }, polygons: [[square(2_677_600, 1_226_400, 25)]] },
    { properties: { egrid: 'CH170200000002', nr: '8' }, polygons: [[square(2_677_625, 1_226_400, 25)]] },
  ]);

describe('saved searches', () => {
  it('keeps a personal search to its owner, shares it with the site (audited), and lets only the owner manage it', async () => {
    const saved = await save(anna, {
      name: 'Bauland Zug',
      query: 'CANTON=ZG&PRC_SUR_from=500&PRC_SUR_to=99999999999',
      area: [8.4, 47.1, 8.6, 47.25],
    });
    expect(saved).toMatchObject({ alert: 'off', site: null, canManage: true, area: [8.4, 47.1, 8.6, 47.25] });
    expect((await call(ben, 'GET', 'saved-searches')).json<SavedSearchesResponse>().savedSearches).toEqual(
      [],
    );
    expect((await call(ben, 'POST', `saved-searches/${saved.id}`, { name: 'x' })).statusCode).toBe(404);

    const changes = listen<{ userId: string }>(SAVED_SEARCH_CHANGED_EVENT);
    const shared = await call(anna, 'POST', `saved-searches/${saved.id}`, { siteId: 'zug' });
    changes.stop();
    expect(shared.statusCode).toBe(200);
    expect(shared.json<SavedSearch>().site).toEqual({ id: 'zug', name: 'zug' });
    expect(new Set(changes.heard.map((each) => each.userId))).toEqual(new Set([anna.user.id, ben.user.id]));
    const audit = await t.app.ctx.audit.list({ page: 1, size: 10 });
    expect(audit.items[0]).toMatchObject({
      action: 'saved-search-shared',
      details: { savedSearchId: saved.id, siteID: 'zug' },
    });

    const seen = (await call(ben, 'GET', 'saved-searches')).json<SavedSearchesResponse>();
    expect(seen.savedSearches).toEqual([expect.objectContaining({ id: saved.id, canManage: false })]);
    expect(seen.sites).toEqual([{ id: 'zug', name: 'zug' }]);
    const refused = await call(ben, 'POST', `saved-searches/${saved.id}`, { name: 'Mine' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Only the owner of a saved search can rename, share, delete it or set its alert',
    });
    expect((await call(ben, 'DELETE', `saved-searches/${saved.id}`)).statusCode).toBe(409);
    expect((await call(carla, 'GET', 'saved-searches')).json<SavedSearchesResponse>().savedSearches).toEqual(
      [],
    );
    expect((await call(carla, 'DELETE', `saved-searches/${saved.id}`)).statusCode).toBe(404);
    expect((await call(anna, 'POST', `saved-searches/${saved.id}`, { siteId: 'bern' })).statusCode).toBe(400);

    const renamed = await call(anna, 'POST', `saved-searches/${saved.id}`, { name: '  Bauland Baar ' });
    expect(renamed.json<SavedSearch>().name).toBe('Bauland Baar');
    expect((await call(anna, 'DELETE', `saved-searches/${saved.id}`)).statusCode).toBe(204);
    expect((await call(anna, 'GET', 'saved-searches')).json<SavedSearchesResponse>().savedSearches).toEqual(
      [],
    );
  });

  it('answers 400 with the reason to a bad search, area, frequency or body', async () => {
    const cases: [object, string][] = [
      [{ name: 'A', query: 'PRC_SUR_from=abc' }, 'PRC_SUR_from must be a number'],
      [{ name: 'A', query: 'page=2' }, 'page is not a search filter'],
      [{ name: 'A', query: 'PRC_IND=Standard' }, 'A saved search needs a search text or a filter'],
      [{ name: 'A', query: 'CANTON=ZG', area: [9, 47, 8, 48] }, 'area must be [west, south, east, north]'],
      [{ name: 'A', query: 'CANTON=ZG', area: [8, 47, 9] }, 'body area must NOT have fewer than 4 items'],
      [
        { name: 'A', query: 'CANTON=ZG', alert: 'hourly' },
        'body alert must be equal to one of the allowed values',
      ],
      [{ name: '   ', query: 'CANTON=ZG' }, 'body name must match pattern'],
      [{ query: 'CANTON=ZG' }, 'body field name is required'],
    ];
    for (const [body, message] of cases) {
      const response = await call(anna, 'POST', 'saved-searches', body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect((await call(anna, 'POST', 'saved-searches/x', {})).statusCode).toBe(400);
  });

  it('refuses alerts for a search too broad to tell what is new', async () => {
    const response = await call(anna, 'POST', 'saved-searches', {
      name: 'All',
      query: 'CANTON=ZG',
      alert: 'instant',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: expect.stringContaining('matches more than 1000 parcels'),
    });
  });

  it('alerts once, in the app and by mail, when an import adds a matching parcel; the mail unsubscribes', async () => {
    const saved = await save(anna, { name: 'Cham Los 8', query: 'PRC_ID=CH170200000002', alert: 'instant' });
    const notifications = listen<{ userId: string; notification: AppNotification }>(NOTIFICATION_EVENT);
    await importCham();
    const alerts = notifications.heard.filter((each) => each.notification.kind === 'saved-search');
    expect(alerts).toEqual([
      {
        userId: anna.user.id,
        notification: expect.objectContaining({
          title: 'New parcels for “Cham Los 8”',
          body: '1 new parcel matches your saved search, e.g. 8, Cham.',
          url: '/?parcel=CH170200000002',
        }),
      },
    ]);
    const mail = readOutbox(t.dataDir).find((each) => each.to === 'anna@atlas.test');
    // The outbox keeps the subject MIME-encoded (non-ASCII quotes).
    expect(mail?.subject).toContain('Cham_Los_8');
    expect(mail?.raw).toContain('This parcel now matches your saved search “Cham Los 8”:');
    expect(mail?.raw).toContain('- 8, Cham (ZG): ');
    expect(mail?.link).toBe(`${t.app.ctx.config.publicUrl}/?parcel=CH170200000002`);
    const unsubscribe = /https?:\S+saved-searches\/unsubscribe\S+/.exec(mail?.raw ?? '')?.[0] ?? '';
    expect(unsubscribe).not.toBe('');

    // The same parcels again (a re-import, a restart's check): nothing is told twice.
    await importCham();
    await t.app.ctx.savedSearchAlerts.runNow();
    notifications.stop();
    expect(notifications.heard.filter((each) => each.notification.kind === 'saved-search')).toHaveLength(1);

    const forged = unsubscribe.replace(/sig=[^&\s]+/, 'sig=AAAA');
    expect((await t.app.inject({ url: forged.replace(/^https?:\/\/[^/]+/, '') })).statusCode).toBe(400);
    const page = await t.app.inject({ url: unsubscribe.replace(/^https?:\/\/[^/]+/, '') });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('no more alerts');
    const after = (await call(anna, 'GET', 'saved-searches')).json<SavedSearchesResponse>().savedSearches;
    expect(after.find((each) => each.id === saved.id)?.alert).toBe('off');
  });
});
