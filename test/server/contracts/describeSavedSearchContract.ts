import type { NewUser } from '../../../server/store/contract/users/UserStore';
import type { MakeStores } from './ContractStores';

const person = (username: string, name: string): NewUser => ({
  username,
  email: username,
  name,
  passwordHash: 'hash',
  status: 'active',
  roles: ['MAPUSER'],
});

/** Saved searches and the parcels each was found to match, as every adapter keeps them. */
export function describeSavedSearchContract(
  makeStores: MakeStores<'users' | 'sites' | 'savedSearches'>,
): void {
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

  it('shows a personal search to its owner only and a shared one to the members of its site', async () => {
    const store = stores.savedSearches;
    await store.create({
      id: 's1',
      ownerId: anna,
      name: 'Bauland Baar',
      query: 'searchQuery=Baar&PRC_SUR_from=500&PRC_SUR_to=99999999999',
      area: [8.5, 47.1, 8.6, 47.2],
      alert: 'off',
      siteId: null,
      at: 100,
    });
    await store.create({
      id: 's2',
      ownerId: carla,
      name: 'Bern',
      query: 'CANTON=BE',
      area: null,
      alert: 'daily',
      siteId: 'bern',
      at: 200,
    });
    expect((await store.visible(anna)).map((s) => s.id)).toEqual(['s1']);
    expect(await store.visible(ben)).toEqual([]);
    expect(await store.update('s1', { siteId: 'zug', alert: 'instant' }, 300)).toBe(true);
    expect(await store.visible(ben)).toEqual([
      {
        id: 's1',
        ownerId: anna,
        ownerName: 'Anna Ammann',
        name: 'Bauland Baar',
        query: 'searchQuery=Baar&PRC_SUR_from=500&PRC_SUR_to=99999999999',
        area: [8.5, 47.1, 8.6, 47.2],
        alert: 'instant',
        siteId: 'zug',
        siteName: 'Büro Zug',
        matchedVersion: null,
        digestAt: null,
        createdAt: 100,
        updatedAt: 300,
      },
    ]);
    expect(await store.update('s1', { name: 'Baar gross' }, 400)).toBe(true);
    expect(await store.find('s1')).toMatchObject({ name: 'Baar gross', alert: 'instant', siteId: 'zug' });
    expect(await store.countOwned(anna)).toBe(1);
    expect((await store.alerting()).map((s) => s.id)).toEqual(['s1', 's2']);
    expect(await store.update('nope', { name: 'x' }, 1)).toBe(false);
    expect(await store.find('nope')).toBeNull();
    expect(await store.remove('s2')).toBe(true);
    expect(await store.remove('s2')).toBe(false);
    expect((await store.alerting()).map((s) => s.id)).toEqual(['s1']);
  });

  it('records each match once, keeps the undelivered for a digest, and forgets them with the search', async () => {
    const store = stores.savedSearches;
    await store.create({
      id: 's1',
      ownerId: anna,
      name: 'A',
      query: 'CANTON=ZG',
      area: null,
      alert: 'daily',
      siteId: null,
      at: 1,
    });
    expect(await store.recordMatches('s1', ['CH1', 'CH2'], 10, 10)).toEqual(['CH1', 'CH2']);
    expect(await store.recordMatches('s1', ['CH2', 'CH3', 'CH4'], 20, null)).toEqual(['CH3', 'CH4']);
    expect(await store.recordMatches('s1', ['CH3'], 30, null)).toEqual([]);
    expect(await store.recordMatches('s1', [], 30, null)).toEqual([]);
    expect(await store.pendingMatches('s1')).toEqual(['CH3', 'CH4']);
    await store.markAlerted('s1', ['CH3'], 40);
    expect(await store.pendingMatches('s1')).toEqual(['CH4']);
    await store.setMatchedVersion('s1', 'build-7');
    await store.setDigestAt('s1', 50);
    expect(await store.find('s1')).toMatchObject({ matchedVersion: 'build-7', digestAt: 50 });
    await store.remove('s1');
    await store.create({
      id: 's1',
      ownerId: anna,
      name: 'A',
      query: 'CANTON=ZG',
      area: null,
      alert: 'daily',
      siteId: null,
      at: 60,
    });
    expect(await store.recordMatches('s1', ['CH1'], 70, null)).toEqual(['CH1']);
  });
}
