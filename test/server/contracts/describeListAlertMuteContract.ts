import type { MakeStores } from './ContractStores';
import { createContractPeople } from './contractPeople';

/** Who turned off a list's alerts, as every adapter keeps it (migration 97). */
export function describeListAlertMuteContract(
  makeStores: MakeStores<'users' | 'parcelLists' | 'listAlertMutes'>,
): void {
  let stores: ReturnType<typeof makeStores>;
  let anna: string;
  let ben: string;
  beforeEach(async () => {
    stores = makeStores();
    [anna, ben] = await createContractPeople(stores.users, 'anna@x.ch', 'ben@x.ch');
    for (const id of ['l1', 'l2'])
      await stores.parcelLists.createList({ id, ownerId: anna, name: id, siteId: null, at: 1 });
  });

  it('mutes a list for one person only, twice as once, until unmuted; forgets it with the list', async () => {
    const mutes = stores.listAlertMutes;
    expect(await mutes.muted('l1')).toEqual([]);
    await mutes.mute('l1', ben, 10);
    await Promise.all([mutes.mute('l1', anna, 20), mutes.mute('l1', anna, 21)]);
    expect((await mutes.muted('l1')).sort()).toEqual([anna, ben].sort());
    expect(await mutes.muted('l2')).toEqual([]);
    await mutes.unmute('l1', anna);
    expect(await mutes.muted('l1')).toEqual([ben]);
    await stores.parcelLists.deleteList('l1');
    expect(await mutes.muted('l1')).toEqual([]);
  });
}
