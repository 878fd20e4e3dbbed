import { NOTIFICATION_EVENT, type AppNotification } from '../../src/contract/PushNotifications';
import type { ListItemHistory, ParcelListDetail, ParcelListSummary } from '../../src/contract/ParcelLists';
import { square } from '../helpers/cadastreFiles';
import { createDatasetTestApp } from './helpers/buildTestDataset';
import { signIn, type SignedIn, type TestApp } from './helpers/createTestApp';
import { importSurveyAndWaitForAlerts } from './helpers/uploadCadastreFile';
import { clearOutbox, readOutbox } from './helpers/outbox';

let t: TestApp;
let anna: SignedIn;
let ben: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  ({ t } = await createDatasetTestApp());
  anna = await signIn(t.app, { name: 'Anna Ammann', username: 'anna@atlas.test' });
  ben = await signIn(t.app, { name: 'Ben Brunner', username: 'ben@atlas.test' });
  admin = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'], username: 'admin@atlas.test' });
  await t.app.ctx.users.setSites(anna.user.id, ['zug']);
  await t.app.ctx.users.setSites(ben.user.id, ['zug']);
}, 60_000);
afterAll(() => t.close());

const call = (who: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/v1/secure/${url}`, headers: who.headers, payload });

const LOT_A = 'CH170200000011';
const LOT_B = 'CH170200000012';

/**
 * Two parcels of Cham (LV95) as an admin uploads them; lot A's side is `sideA` metres. Lot A lies on an empty
 * residential lot of the test dataset: no demo building stands in it, so its building reserve grows with its area.
 */
const importCham = (sideA: number) =>
  importSurveyAndWaitForAlerts(t, admin.headers, 'cham-lots.geojson', [
    { properties: { egrid: LOT_A, nr: '17' }, polygons: [[square(2_678_178, 1_226_106, sideA)]] },
    { properties: { egrid: LOT_B, nr: '18' }, polygons: [[square(2_678_218, 1_226_106, 25)]] },
  ]);

function listenForNotifications() {
  const heard: { userId: string; notification: AppNotification }[] = [];
  const listener = (data: (typeof heard)[number]) => heard.push(data);
  t.app.ctx.events.on(NOTIFICATION_EVENT, listener);
  return {
    listFacts: () => heard.filter((each) => each.notification.kind === 'list-facts'),
    stop: () => t.app.ctx.events.off(NOTIFICATION_EVENT, listener),
  };
}

describe('alerts on listed parcels whose facts change in a dataset update', () => {
  it('tells the owner and the assignee once, and writes what changed into the parcel’s history', async () => {
    await importCham(25);
    const list = (
      await call(anna, 'POST', 'lists', { name: 'Cham Ost', siteId: 'zug' })
    ).json<ParcelListSummary>();
    for (const prcId of [LOT_A, LOT_B])
      expect((await call(anna, 'POST', `lists/${list.id}/items`, { prcId })).statusCode).toBe(201);
    await call(anna, 'POST', `lists/${list.id}/items/${LOT_A}`, { assigneeId: ben.user.id });
    // A round with nothing changed tells nothing.
    const notifications = listenForNotifications();
    await t.app.ctx.savedSearchAlerts.runNow();
    expect(notifications.listFacts()).toEqual([]);

    // The survey enlarges lot A; lot B stays as it was.
    await importCham(30);
    const told = notifications.listFacts();
    expect(told.map((each) => each.userId).sort()).toEqual([anna.user.id, ben.user.id].sort());
    expect(told[0].notification).toMatchObject({
      kind: 'list-facts',
      title: 'Facts changed on “Cham Ost”',
      body: expect.stringContaining('1 parcel of your list changed in the latest data update, e.g. 17, Cham'),
      url: `/?parcel=${LOT_A}`,
    });

    const history = (
      await call(anna, 'GET', `lists/${list.id}/items/${LOT_A}/history`)
    ).json<ListItemHistory>();
    const facts = history.activity.filter((entry) => entry.kind === 'facts');
    expect(facts).toHaveLength(1);
    expect(facts[0].actor).toBeNull();
    expect(facts[0].to?.split(',')).toContain('area');
    const untouched = (
      await call(anna, 'GET', `lists/${list.id}/items/${LOT_B}/history`)
    ).json<ListItemHistory>();
    expect(untouched.activity.filter((entry) => entry.kind === 'facts')).toEqual([]);

    // The same data again, and another round: nothing is told twice.
    await importCham(30);
    await t.app.ctx.savedSearchAlerts.runNow();
    notifications.stop();
    expect(notifications.listFacts()).toHaveLength(2);
  });
});

describe('list alerts by mail, like a saved search’s', () => {
  let carla: SignedIn;
  let list: ParcelListSummary;
  /** The list alert mails of this describe's list, by recipient. */
  const listMails = () =>
    new Map(
      readOutbox(t.dataDir)
        .filter((mail) => mail.raw.includes('Cham Pipeline'))
        .map((mail) => [mail.to, mail]),
    );
  const muted = () =>
    t.db.prepare('SELECT user_id FROM parcel_list_alert_mutes WHERE list_id = ?').pluck().all(list.id);
  const path = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');

  beforeAll(async () => {
    carla = await signIn(t.app, { name: 'Carla Caduff', username: 'carla@atlas.test' });
    await t.app.ctx.users.setSites(carla.user.id, ['zug']);
    t.db.prepare("UPDATE users SET default_language = 'de' WHERE id = ?").run(carla.user.id);
    list = (
      await call(anna, 'POST', 'lists', { name: 'Cham Pipeline', siteId: 'zug' })
    ).json<ParcelListSummary>();
    expect((await call(anna, 'POST', `lists/${list.id}/items`, { prcId: LOT_A })).statusCode).toBe(201);
  });

  it('mails every member of a shared list in their language, with what changed and the parcel’s link', async () => {
    clearOutbox(t.dataDir);
    await importCham(35);
    const mails = listMails();
    expect([...mails.keys()].sort()).toEqual(['anna@atlas.test', 'ben@atlas.test', 'carla@atlas.test']);
    const english = mails.get('anna@atlas.test')!;
    // The outbox keeps the subject MIME-encoded (non-ASCII quotes).
    expect(english.subject).toContain('1_parcel_changed_on');
    expect(english.raw).toContain('The latest data update changed 1 parcel on your list “Cham Pipeline”:');
    expect(english.raw).toContain(
      `- 17, Cham (changed: area, building reserve): ${t.config.publicUrl}/?parcel=${LOT_A}`,
    );
    expect(english.link).toBe(`${t.config.publicUrl}/?parcel=${LOT_A}`);
    const german = mails.get('carla@atlas.test')!;
    expect(german.raw).toContain(
      'Die letzte Datenaktualisierung hat 1 Parzelle auf Ihrer Liste «Cham Pipeline» geändert:',
    );
    expect(german.raw).toContain('- 17, Cham (geändert: Fläche, Nutzungsreserve): ');
    expect(german.raw).toContain('Benachrichtigungen dieser Liste abbestellen');
  });

  it('the unsubscribe link mutes that list for that person only, and is good for nothing else', async () => {
    const link =
      /https?:\S+lists\/alerts\/unsubscribe\S+/.exec(listMails().get('ben@atlas.test')?.raw ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
    const url = new URL(link);
    // A forged signature, ben's signature for anna, and the list link's signature on the saved-search route.
    expect((await t.app.inject({ url: path(link.replace(/sig=[^&\s]+/, 'sig=AAAA')) })).statusCode).toBe(400);
    const forAnna = path(link.replace(`user=${ben.user.id}`, `user=${anna.user.id}`));
    expect((await t.app.inject({ url: forAnna })).statusCode).toBe(400);
    const asSavedSearch = `/v1/secure/saved-searches/unsubscribe?search=${list.id}&user=${ben.user.id}&sig=${url.searchParams.get('sig')}`;
    expect((await t.app.inject({ url: asSavedSearch })).statusCode).toBe(400);
    expect(muted()).toEqual([]);

    const page = await t.app.inject({ url: path(link) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You will receive no more alerts of this list.');
    expect(page.body).toContain('Sie erhalten keine Benachrichtigungen dieser Liste mehr.');
    expect(muted()).toEqual([ben.user.id]);

    clearOutbox(t.dataDir);
    const notifications = listenForNotifications();
    await importCham(40);
    notifications.stop();
    expect([...listMails().keys()].sort()).toEqual(['anna@atlas.test', 'carla@atlas.test']);
    const told = notifications
      .listFacts()
      .filter((each) => each.notification.title.includes('Cham Pipeline'));
    expect(told.map((each) => each.userId).sort()).toEqual([anna.user.id, carla.user.id].sort());
  });

  it('the list view shows each person whether their alerts are on and turns them back on or off', async () => {
    const detail = async (who: SignedIn) =>
      (await call(who, 'GET', `lists/${list.id}`)).json<ParcelListDetail>().alertsOn;
    // Ben unsubscribed by the mail's link above; Anna did not.
    expect(await detail(ben)).toBe(false);
    expect(await detail(anna)).toBe(true);
    const turnOn = await call(ben, 'POST', `lists/${list.id}/alerts`, { alertsOn: true });
    expect(turnOn.statusCode).toBe(200);
    expect(turnOn.json()).toEqual({ alertsOn: true });
    expect(await detail(ben)).toBe(true);
    expect(muted()).toEqual([]);

    clearOutbox(t.dataDir);
    await importCham(42);
    expect([...listMails().keys()].sort()).toEqual(['anna@atlas.test', 'ben@atlas.test', 'carla@atlas.test']);

    expect((await call(carla, 'POST', `lists/${list.id}/alerts`, { alertsOn: false })).statusCode).toBe(200);
    expect(muted()).toEqual([carla.user.id]);
    expect(await detail(carla)).toBe(false);
    // Turning them on again for Carla, so the next test starts from everyone told.
    await call(carla, 'POST', `lists/${list.id}/alerts`, { alertsOn: true });
  });

  it('refuses a malformed alerts request with a 400, and a list the user may not see with a 404', async () => {
    const outsider = await signIn(t.app, { username: 'dora@atlas.test' });
    const bad = await call(ben, 'POST', `lists/${list.id}/alerts`, { alertsOn: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await call(ben, 'POST', `lists/${list.id}/alerts`, {})).statusCode).toBe(400);
    const hidden = await call(outsider, 'POST', `lists/${list.id}/alerts`, { alertsOn: false });
    expect(hidden.statusCode).toBe(404);
    expect(muted()).toEqual([]);
  });

  it('one recipient whose notification fails stops neither the others nor the round', async () => {
    clearOutbox(t.dataDir);
    const notify = t.app.ctx.notifications.notify.bind(t.app.ctx.notifications);
    const failing = jest
      .spyOn(t.app.ctx.notifications, 'notify')
      .mockImplementation(async (userId, content) => {
        if (userId === anna.user.id) throw new Error('push service down');
        return notify(userId, content);
      });
    try {
      await importCham(45);
    } finally {
      failing.mockRestore();
    }
    // Anna (the owner, told first) failed; Ben and Carla were still mailed, and the round went on to Anna's
    // other list.
    expect([...listMails().keys()].sort()).toEqual(['ben@atlas.test', 'carla@atlas.test']);
    expect(
      readOutbox(t.dataDir).some((mail) => mail.raw.includes('Cham Ost') && mail.to === 'ben@atlas.test'),
    ).toBe(true);
  });
});
