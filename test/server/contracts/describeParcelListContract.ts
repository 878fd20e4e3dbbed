import type { NewListItem } from '../../../server/store/contract/lists/ParcelListStore';
import type { MakeStores } from './ContractStores';
import { contractPerson as person } from './contractPeople';

/** Parcel lists, their parcels, notes, activity and a site's status names, as every adapter keeps them. */
export function describeParcelListContract(makeStores: MakeStores<'users' | 'sites' | 'parcelLists'>): void {
  let stores: ReturnType<typeof makeStores>;
  let anna: string;
  let ben: string;
  let carla: string;
  beforeEach(async () => {
    stores = makeStores();
    await stores.sites.save({ id: 'zug', name: 'Büro Zug' });
    await stores.sites.save({ id: 'bern', name: 'Bern' });
    anna = (await stores.users.create(person('anna@x.ch', 'Anna Ammann'))).id;
    ben = (await stores.users.create(person('ben@x.ch', ''))).id;
    carla = (await stores.users.create(person('carla@x.ch', 'Carla Caduff'))).id;
    await stores.users.setSites(anna, ['zug']);
    await stores.users.setSites(ben, ['zug']);
    await stores.users.setSites(carla, ['bern']);
  });
  const item = (listId: string, prcId: string, addedAt: number): NewListItem => ({
    listId,
    prcId,
    prcNo: `N${prcId}`,
    locname: 'Zürich',
    canton: 'ZH',
    area: 812.5,
    lon: 8.54,
    lat: 47.37,
    status: 'new',
    addedBy: anna,
    addedAt,
    facts: null,
  });
  it('shows a personal list to its owner only and a shared one to the members of its site', async () => {
    const store = stores.parcelLists;
    await store.createList({ id: 'l1', ownerId: anna, name: 'Bauland Zug', siteId: null, at: 100 });
    await store.createList({ id: 'l2', ownerId: carla, name: 'Bern', siteId: 'bern', at: 200 });
    expect((await store.visibleLists(anna)).map((l) => l.id)).toEqual(['l1']);
    expect(await store.visibleLists(ben)).toEqual([]);
    expect(await store.shareList('l1', 'zug', 300)).toBe(true);
    const seen = await store.visibleLists(ben);
    expect(seen).toEqual([
      {
        id: 'l1',
        ownerId: anna,
        ownerName: 'Anna Ammann',
        name: 'Bauland Zug',
        siteId: 'zug',
        siteName: 'Büro Zug',
        createdAt: 100,
        updatedAt: 300,
      },
    ]);
    expect((await store.visibleLists(carla)).map((l) => l.id)).toEqual(['l2']);
    expect(await store.renameList('l1', 'Bauland Baar', 400)).toBe(true);
    expect((await store.findList('l1'))?.name).toBe('Bauland Baar');
    expect(await store.shareList('l1', null, 500)).toBe(true);
    expect(await store.visibleLists(ben)).toEqual([]);
    expect(await store.renameList('nope', 'x', 1)).toBe(false);
    expect(await store.findList('nope')).toBeNull();
  });

  it('adds a parcel once, counts statuses, and keeps status, assignee and names', async () => {
    const store = stores.parcelLists;
    await store.createList({ id: 'l1', ownerId: anna, name: 'A', siteId: 'zug', at: 100 });
    expect(await store.addItem(item('l1', 'CH1', 110))).toBe(true);
    expect(await store.addItem(item('l1', 'CH1', 111))).toBe(false);
    expect(await store.addItem(item('l1', 'CH2', 120))).toBe(true);
    expect(await store.countItems('l1')).toBe(2);
    expect(await store.setStatus('l1', 'CH2', 'offer')).toBe(true);
    expect(await store.setAssignee('l1', 'CH2', ben)).toBe(true);
    expect(await store.setStatus('l1', 'CH9', 'offer')).toBe(false);
    const counts = await store.statusCounts('l1');
    expect(counts.sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { status: 'new', count: 1 },
      { status: 'offer', count: 1 },
    ]);
    const items = await store.items('l1');
    expect(items.map((i) => i.prcId)).toEqual(['CH1', 'CH2']);
    expect(items[1]).toEqual({
      listId: 'l1',
      prcId: 'CH2',
      prcNo: 'NCH2',
      locname: 'Zürich',
      canton: 'ZH',
      area: 812.5,
      lon: 8.54,
      lat: 47.37,
      status: 'offer',
      assigneeId: ben,
      assigneeName: 'ben@x.ch',
      addedById: anna,
      addedByName: 'Anna Ammann',
      addedAt: 120,
      noteCount: 0,
    });
    expect(await store.setAssignee('l1', 'CH2', null)).toBe(true);
    expect((await store.findItem('l1', 'CH2'))?.assigneeName).toBeNull();
    expect(await store.removeItem('l1', 'CH1')).toBe(true);
    expect(await store.removeItem('l1', 'CH1')).toBe(false);
    expect(await store.findItem('l1', 'CH1')).toBeNull();
  });

  it('keeps notes and activity newest first, and deletes them with the list', async () => {
    const store = stores.parcelLists;
    await store.createList({ id: 'l1', ownerId: anna, name: 'A', siteId: null, at: 100 });
    await store.addItem(item('l1', 'CH1', 110));
    await store.addNote({
      id: 'n1',
      listId: 'l1',
      prcId: 'CH1',
      authorId: anna,
      at: 200,
      text: 'Eigentümer angerufen',
    });
    await store.addNote({
      id: 'n2',
      listId: 'l1',
      prcId: 'CH1',
      authorId: ben,
      at: 300,
      text: '<b>kein</b> Interesse',
    });
    expect((await store.notes('l1', 'CH1')).map((n) => [n.id, n.authorName, n.text])).toEqual([
      ['n2', 'ben@x.ch', '<b>kein</b> Interesse'],
      ['n1', 'Anna Ammann', 'Eigentümer angerufen'],
    ]);
    expect((await store.findItem('l1', 'CH1'))?.noteCount).toBe(2);
    const entry = { listId: 'l1', actorId: anna, from: null, to: null };
    await store.appendActivity({ ...entry, id: 'a1', prcId: null, at: 100, kind: 'created' });
    await store.appendActivity({ ...entry, id: 'a2', prcId: 'CH1', at: 110, kind: 'added' });
    await store.appendActivity({
      ...entry,
      id: 'a3',
      prcId: 'CH1',
      at: 120,
      kind: 'status',
      from: 'new',
      to: 'offer',
    });
    expect((await store.activity('l1', 'CH1', 10)).map((a) => [a.id, a.from, a.to])).toEqual([
      ['a3', 'new', 'offer'],
      ['a2', null, null],
    ]);
    expect((await store.activity('l1', null, 2)).map((a) => a.id)).toEqual(['a3', 'a2']);
    expect((await store.activity('l1', null, 10))[2]).toMatchObject({
      kind: 'created',
      actorName: 'Anna Ammann',
    });
    // Removing the parcel takes its notes; deleting the list takes everything.
    await store.removeItem('l1', 'CH1');
    expect(await store.notes('l1', 'CH1')).toEqual([]);
    expect(await store.deleteList('l1')).toBe(true);
    expect(await store.activity('l1', null, 10)).toEqual([]);
    expect(await store.deleteList('l1')).toBe(false);
  });

  it('renames a site’s statuses and lists its members', async () => {
    const store = stores.parcelLists;
    await store.renameStatus('zug', 'offer', 'Angebot gemacht');
    await store.renameStatus('zug', 'offer', 'Offerte');
    await store.renameStatus('zug', 'new', 'Eingang');
    await store.renameStatus('bern', 'new', 'Neu (Bern)');
    expect(await store.statusLabels('zug')).toEqual([
      { status: 'new', label: 'Eingang' },
      { status: 'offer', label: 'Offerte' },
    ]);
    await store.renameStatus('zug', 'new', null);
    expect(await store.statusLabels('zug')).toEqual([{ status: 'offer', label: 'Offerte' }]);
    expect(await store.siteMembers('zug')).toEqual([
      { id: anna, name: 'Anna Ammann' },
      { id: ben, name: 'ben@x.ch' },
    ]);
  });

  it('keeps each listed parcel’s facts, records a change once, and which dataset build each list was compared with', async () => {
    const store = stores.parcelLists;
    await store.createList({ id: 'l1', ownerId: anna, name: 'Zug', siteId: null, at: 100 });
    await store.createList({ id: 'l2', ownerId: ben, name: 'Baar', siteId: null, at: 200 });
    await store.addItem({ ...item('l1', 'CH1', 300), facts: '{"area":812.5}' });
    await store.addItem(item('l1', 'CH2', 400));
    expect((await store.listsToCompare('build-1')).map((l) => l.id)).toEqual(['l1', 'l2']);
    expect(await store.itemFacts('l1')).toEqual([
      { prcId: 'CH1', prcNo: 'NCH1', locname: 'Zürich', assigneeId: null, facts: '{"area":812.5}' },
      { prcId: 'CH2', prcNo: 'NCH2', locname: 'Zürich', assigneeId: null, facts: null },
    ]);
    // Only the writer that still sees the facts it read records the new ones (null included).
    expect(await store.replaceItemFacts('l1', 'CH1', '{"area":812.5}', '{"area":900}')).toBe(true);
    expect(await store.replaceItemFacts('l1', 'CH1', '{"area":812.5}', '{"area":900}')).toBe(false);
    expect(await store.replaceItemFacts('l1', 'CH2', null, '{"area":1}')).toBe(true);
    expect(await store.replaceItemFacts('l1', 'CH2', null, '{"area":1}')).toBe(false);
    expect((await store.itemFacts('l1')).map((f) => f.facts)).toEqual(['{"area":900}', '{"area":1}']);
    await store.setFactsVersion('l1', 'build-1');
    expect((await store.listsToCompare('build-1')).map((l) => l.id)).toEqual(['l2']);
    expect((await store.listsToCompare('build-2')).map((l) => l.id)).toEqual(['l1', 'l2']);
    // An entry the server wrote itself has no actor.
    await store.appendActivity({
      id: 'a1',
      listId: 'l1',
      prcId: 'CH1',
      actorId: null,
      at: 500,
      kind: 'facts',
      from: null,
      to: 'area,reserve',
    });
    expect((await store.activity('l1', 'CH1', 5))[0]).toMatchObject({
      kind: 'facts',
      actorId: null,
      actorName: null,
      to: 'area,reserve',
    });
  });
}
