import {
  LIST_CHANGED_EVENT,
  MAX_BULK_LIST_ADD,
  MAX_LIST_ITEMS,
  type AddListItemsResponse,
  type ListActivity,
  type ListItemHistory,
  type ParcelListDetail,
  type ParcelListItem,
  type ParcelListsResponse,
  type ParcelListSummary,
  type SiteStatusesResponse,
} from '../../src/contract/ParcelLists';
import { buildTestDataset } from './helpers/buildTestDataset';
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';

let t: TestApp;
let anna: SignedIn;
let ben: SignedIn;
let carla: SignedIn;
let prcIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  prcIds = t.db.prepare('SELECT prc_id FROM parcels ORDER BY id LIMIT 3').pluck().all() as string[];
  anna = await signIn(t.app, { name: 'Anna Ammann', roles: ['MAPUSER', 'ADMIN'] });
  ben = await signIn(t.app, { name: 'Ben Brunner' });
  carla = await signIn(t.app, { name: 'Carla Caduff' });
  await t.app.ctx.users.setSites(anna.user.id, ['zug']);
  await t.app.ctx.users.setSites(ben.user.id, ['zug']);
  await t.app.ctx.users.setSites(carla.user.id, ['bern']);
});
afterAll(() => t.close());

const call = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/v1/secure/${url}`, headers: who.headers, payload });

async function createList(who: SignedIn, name: string, siteId: string | null = null) {
  const response = await call(who, 'POST', 'lists', { name, siteId });
  expect(response.statusCode).toBe(201);
  return response.json<ParcelListSummary>();
}

/** The list-changed events the socket server would push, by user id. */
function listenForChanges(): { heard: string[]; stop(): void } {
  const heard: string[] = [];
  const listener = ({ userId }: { userId: string }) => heard.push(userId);
  t.app.ctx.events.on(LIST_CHANGED_EVENT, listener);
  return { heard, stop: () => t.app.ctx.events.off(LIST_CHANGED_EVENT, listener) };
}

describe('parcel lists', () => {
  it('keeps a personal list to its owner, and shows a shared one to the members of its site only', async () => {
    const list = await createList(anna, 'Bauland Zug');
    expect(list).toMatchObject({ name: 'Bauland Zug', site: null, itemCount: 0, canManage: true });
    expect((await call(ben, 'GET', `lists/${list.id}`)).statusCode).toBe(404);
    expect((await call(ben, 'GET', 'lists')).json<ParcelListsResponse>().lists).toEqual([]);

    const changes = listenForChanges();
    const shared = await call(anna, 'POST', `lists/${list.id}`, { siteId: 'zug' });
    changes.stop();
    expect(shared.statusCode).toBe(200);
    expect(shared.json<ParcelListSummary>().site).toEqual({ id: 'zug', name: 'zug' });
    expect(new Set(changes.heard)).toEqual(new Set([anna.user.id, ben.user.id]));

    const seen = (await call(ben, 'GET', 'lists')).json<ParcelListsResponse>();
    expect(seen.lists.map((l) => [l.name, l.canManage])).toEqual([['Bauland Zug', false]]);
    expect(seen.sites).toEqual([{ id: 'zug', name: 'zug' }]);
    expect((await call(carla, 'GET', `lists/${list.id}`)).statusCode).toBe(404);

    // Sharing is written to the audit log.
    const audit = await t.app.ctx.audit.list({ page: 1, size: 20 });
    expect(audit.items.find((entry) => entry.action === 'list-shared')).toMatchObject({
      actorId: anna.user.id,
      details: { listId: list.id, listName: 'Bauland Zug', siteID: 'zug' },
    });
  });

  it('lets colleagues work on a shared list while only its owner renames, shares or deletes it', async () => {
    const list = await createList(anna, 'Pipeline Baar', 'zug');
    const added = await call(ben, 'POST', `lists/${list.id}/items`, { prcId: prcIds[0] });
    expect(added.statusCode).toBe(201);
    expect(added.json<ParcelListItem>()).toMatchObject({
      prcId: prcIds[0],
      status: 'new',
      addedBy: { id: ben.user.id, name: 'Ben Brunner' },
    });
    const again = await call(anna, 'POST', `lists/${list.id}/items`, { prcId: prcIds[0] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: true,
      message: 'This parcel is already on the list',
      requestId: expect.any(String),
    });

    const changes = listenForChanges();
    const status = await call(anna, 'POST', `lists/${list.id}/items/${prcIds[0]}`, {
      status: 'contacted',
      assigneeId: ben.user.id,
    });
    changes.stop();
    expect(status.json<ParcelListItem>()).toMatchObject({
      status: 'contacted',
      assignee: { id: ben.user.id, name: 'Ben Brunner' },
    });
    expect(changes.heard).toContain(ben.user.id);
    expect(changes.heard).not.toContain(carla.user.id);

    const note = await call(ben, 'POST', `lists/${list.id}/items/${prcIds[0]}/notes`, {
      text: '  Eigentümerin ruft zurück <script>alert(1)</script> ',
    });
    expect(note.statusCode).toBe(201);
    const history = (
      await call(anna, 'GET', `lists/${list.id}/items/${prcIds[0]}/history`)
    ).json<ListItemHistory>();
    expect(history.notes.map((n) => [n.author?.name, n.text])).toEqual([
      ['Ben Brunner', 'Eigentümerin ruft zurück <script>alert(1)</script>'],
    ]);
    expect(history.activity.map((a) => [a.kind, a.from, a.to])).toEqual([
      ['note', null, null],
      ['assignee', null, 'Ben Brunner'],
      ['status', 'new', 'contacted'],
      ['added', null, null],
    ]);

    const detail = (await call(ben, 'GET', `lists/${list.id}`)).json<ParcelListDetail>();
    expect(detail.list.counts).toMatchObject({ new: 0, contacted: 1 });
    expect(detail.items[0].noteCount).toBe(1);
    expect(detail.people.map((p) => p.name)).toEqual(['Anna Ammann', 'Ben Brunner']);

    for (const [method, url, payload] of [
      ['POST', `lists/${list.id}`, { name: 'Mine now' }],
      ['DELETE', `lists/${list.id}`, undefined],
    ] as const) {
      const refused = await call(ben, method, url, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Only the owner of a list can rename, share or delete it');
    }
    const outsider = await call(carla, 'POST', `lists/${list.id}/items`, { prcId: prcIds[1] });
    expect(outsider.statusCode).toBe(404);

    const removed = await call(ben, 'DELETE', `lists/${list.id}/items/${prcIds[0]}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(anna, 'DELETE', `lists/${list.id}`)).statusCode).toBe(204);
    expect((await call(ben, 'GET', `lists/${list.id}`)).statusCode).toBe(404);
  });

  it('answers bad input with 4xx and a clear message, and writes nothing', async () => {
    const list = await createList(anna, 'Checks');
    const cases: [SignedIn, 'GET' | 'POST', string, object | undefined, number, RegExp][] = [
      [anna, 'POST', 'lists', { name: '   ' }, 400, /name/],
      [anna, 'POST', 'lists', { name: 'x'.repeat(81) }, 400, /name/],
      [anna, 'POST', 'lists', { name: 'x', colour: 'red' }, 400, /additional/],
      [anna, 'POST', 'lists', { name: 'Bern', siteId: 'bern' }, 400, /only with a site you belong to/],
      [anna, 'POST', `lists/${list.id}`, {}, 400, /.+/],
      [anna, 'POST', `lists/${list.id}/items`, { prcId: 'CH000000000000' }, 404, /No parcel with this id/],
      [anna, 'POST', `lists/${list.id}/items`, { prcId: '../etc' }, 400, /prcId/],
      [anna, 'POST', `lists/${list.id}/items/${prcIds[1]}`, { status: 'won' }, 400, /status/],
      [anna, 'POST', `lists/${list.id}/items/${prcIds[1]}`, { status: 'offer' }, 404, /not on the list/],
      [anna, 'GET', `lists/${list.id}/export/shp`, undefined, 400, /format/],
      [anna, 'GET', 'lists/nope', undefined, 404, /No list with this id/],
    ];
    for (const [who, method, url, payload, status, message] of cases) {
      const response = await call(who, method, url, payload);
      expect([url, response.statusCode]).toEqual([url, status]);
      expect(response.json()).toMatchObject({ error: true, message: expect.stringMatching(message) });
    }
    await call(anna, 'POST', `lists/${list.id}/items`, { prcId: prcIds[1] });
    const outsider = await call(anna, 'POST', `lists/${list.id}/items/${prcIds[1]}`, {
      assigneeId: carla.user.id,
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toMatch(/assigned only to the owner/);
    const detail = (await call(anna, 'GET', `lists/${list.id}`)).json<ParcelListDetail>();
    expect(detail.items.map((i) => [i.prcId, i.status, i.assignee])).toEqual([[prcIds[1], 'new', null]]);
    expect(
      (await call(anna, 'GET', 'lists')).json<ParcelListsResponse>().lists.map((l) => l.name),
    ).not.toContain('Bern');
    // Without a token: 401, never a 500.
    expect((await t.app.inject({ method: 'GET', url: '/v1/secure/lists' })).statusCode).toBe(401);
  });

  it("lets a site's administrator rename its statuses, and no one else", async () => {
    const refused = await call(ben, 'POST', 'list-statuses/zug/offer', { label: 'Offerte' });
    expect(refused.statusCode).toBe(409);
    expect((await call(anna, 'POST', 'list-statuses/bern/offer', { label: 'Offerte' })).statusCode).toBe(409);
    const renamed = await call(anna, 'POST', 'list-statuses/zug/offer', { label: ' Offerte ' });
    expect(renamed.json<SiteStatusesResponse>().statuses).toContainEqual({ key: 'offer', label: 'Offerte' });
    const list = await createList(anna, 'Renamed', 'zug');
    const detail = (await call(ben, 'GET', `lists/${list.id}`)).json<ParcelListDetail>();
    expect(detail.statuses.map((s) => s.label)).toEqual([null, null, null, 'Offerte', null, null]);
    expect((await call(carla, 'GET', 'list-statuses/zug')).statusCode).toBe(400);
    const reset = await call(anna, 'POST', 'list-statuses/zug/offer', { label: null });
    expect(reset.json<SiteStatusesResponse>().statuses.every((s) => s.label === null)).toBe(true);
  });
});

describe('adding a map selection to a list in one request', () => {
  const bulk = (who: SignedIn, listId: string, ids: string[]) =>
    call(who, 'POST', `lists/${listId}/items/bulk`, { prcIds: ids });
  const itemIds = async (listId: string) =>
    (await call(anna, 'GET', `lists/${listId}`)).json<ParcelListDetail>().items.map((item) => item.prcId);

  it('adds every parcel once with its history, skips those listed and unknown, and tells the site', async () => {
    const ids = t.db.prepare('SELECT prc_id FROM parcels ORDER BY id LIMIT 40').pluck().all() as string[];
    const list = await createList(anna, 'Auswahl Baar', 'zug');
    await call(anna, 'POST', `lists/${list.id}/items`, { prcId: ids[0] });

    const changes = listenForChanges();
    // Lower-case ids and repeats (a parcel drawn in two tiles) are the same parcel.
    const response = await bulk(ben, list.id, [...ids, ids[5], ids[6].toLowerCase(), 'CH000000000000']);
    changes.stop();
    expect(response.statusCode).toBe(200);
    expect(response.json<AddListItemsResponse>()).toEqual({ added: 39, alreadyListed: 1, notFound: 1 });
    expect(new Set(changes.heard)).toEqual(new Set([anna.user.id, ben.user.id]));

    const detail = (await call(anna, 'GET', `lists/${list.id}`)).json<ParcelListDetail>();
    expect(detail.items.map((item) => item.prcId).sort()).toEqual([...ids].sort());
    expect(detail.list.itemCount).toBe(40);
    expect(detail.items.find((item) => item.prcId === ids[7])).toMatchObject({
      status: 'new',
      addedBy: { id: ben.user.id, name: 'Ben Brunner' },
    });
    const history = (await call(anna, 'GET', `lists/${list.id}/items/${ids[7]}/history`)).json<{
      activity: ListActivity[];
    }>();
    expect(history.activity.map((entry) => [entry.kind, entry.actor?.name])).toEqual([
      ['added', 'Ben Brunner'],
    ]);
  });

  it('refuses more than the cap, a full list, a list the user does not see and bad ids, and writes nothing', async () => {
    const ids = t.db.prepare('SELECT prc_id FROM parcels ORDER BY id LIMIT 3').pluck().all() as string[];
    const list = await createList(anna, 'Obergrenze');
    const tooMany = Array.from(
      { length: MAX_BULK_LIST_ADD + 1 },
      (_, i) => `CH${String(i).padStart(12, '0')}`,
    );
    const cases: [SignedIn, string[] | undefined, number, RegExp][] = [
      [anna, tooMany, 400, /At most 500 parcels can be added to a list at once/],
      [anna, [], 400, /prcIds/],
      [anna, undefined, 400, /prcIds/],
      [anna, [ids[0], '../etc'], 400, /prcIds/],
      [carla, ids, 404, /No list with this id/],
    ];
    for (const [who, prcIds, status, message] of cases) {
      const response = await call(who, 'POST', `lists/${list.id}/items/bulk`, prcIds ? { prcIds } : {});
      expect([prcIds?.length, response.statusCode]).toEqual([prcIds?.length, status]);
      expect(response.json()).toMatchObject({ error: true, message: expect.stringMatching(message) });
    }
    expect(await itemIds(list.id)).toEqual([]);

    // A list one parcel short of full takes neither of two new parcels: all or nothing.
    const insert = t.db.prepare(
      `INSERT INTO parcel_list_items (list_id, prc_id, prc_no, locname, canton, area, lon, lat, status, added_at)
       VALUES (?, ?, '1', 'Baar', 'ZG', 100, 8.5, 47.2, 'new', 0)`,
    );
    t.db.transaction(() => {
      for (let i = 0; i < MAX_LIST_ITEMS - 1; i += 1) insert.run(list.id, `FILL${i}`);
    })();
    const full = await bulk(anna, list.id, [ids[1], ids[2]]);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/A list holds at most 2000 parcels/);
    const after = await itemIds(list.id);
    expect(after).toHaveLength(MAX_LIST_ITEMS - 1);
    expect(after).not.toContain(ids[1]);
    const activity = t.db
      .prepare("SELECT count(*) FROM parcel_list_activity WHERE list_id = ? AND kind = 'added'")
      .pluck()
      .get(list.id);
    expect(activity).toBe(0);
    // One of them still fits.
    expect((await bulk(anna, list.id, [ids[1]])).json<AddListItemsResponse>().added).toBe(1);
  });
});
