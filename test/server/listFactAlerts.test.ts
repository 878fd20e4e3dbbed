import { NOTIFICATION_EVENT, type AppNotification } from '../../src/contract/PushNotifications';
import type { ListItemHistory, ParcelListSummary } from '../../src/contract/ParcelLists';
import { square } from '../helpers/cadastreFiles';
import { createDatasetTestApp } from './helpers/buildTestDataset';
import { signIn, type SignedIn, type TestApp } from './helpers/createTestApp';
import { importSurveyAndWaitForAlerts } from './helpers/uploadCadastreFile';

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

/** Two parcels of Cham (LV95) as an admin uploads them; lot A's side is `sideA` metres. */
const importCham = (sideA: number) =>
  importSurveyAndWaitForAlerts(t, admin.headers, 'cham-lots.geojson', [
    { properties: { egrid: LOT_A, nr: '17' }, polygons: [[square(2_677_700, 1_226_500, sideA)]] },
    { properties: { egrid: LOT_B, nr: '18' }, polygons: [[square(2_677_740, 1_226_500, 25)]] },
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

describe('alerts on listed parcels whose facts change in a dataset update (issue 29)', () => {
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
      body: expect.stringContaining(
        '1 parcel(s) of your list changed in the latest data update, e.g. 17, Cham',
      ),
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
