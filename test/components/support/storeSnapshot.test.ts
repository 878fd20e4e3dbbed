import { appStarted } from '../../../src/store/appLifecycle';
import { setSsoToken } from '../../../src/features/auth/sessionSlice';
import { parcelSelected } from '../../../src/features/parcel/parcelSlice';
import { searchRequested } from '../../../src/features/search/searchSlice';
import { devToolsSanitizers, REDACTED } from '../../../src/features/support/secretRedaction';
import { SNAPSHOT_SLICES, type StoreSnapshot } from '../../../src/features/support/snapshotFormat';
import { upgradeV1ToV2, type StoreSnapshotV1 } from '../../../src/features/support/snapshotUpgrades';
import {
  preloadedStateFromSnapshot,
  snapshotFileName,
  snapshotOf,
} from '../../../src/features/support/storeSnapshot';
import { storeWithRouter } from '../renderWithProviders';
import { sessionFixture } from '../sessionFixture';
import { readStoreFixture } from '../storeFixture';

const NOW = Date.parse('2026-11-22T12:00:00Z');

function signedInStore() {
  const { store } = storeWithRouter({ session: sessionFixture({}, NOW) }, ['/?searchQuery=Zug']);
  store.dispatch(searchRequested({ searchQuery: 'Zug', CANTON: 'ZG' }));
  store.dispatch(parcelSelected({ id: 'CH123', centroid: { type: 'Point', coordinates: [8.5, 47.2] } }));
  return store;
}

describe('support snapshot', () => {
  it('removes the tokens but keeps their expiry, and removes the personal fields of the profile', () => {
    const snapshot = snapshotOf(signedInStore().getState(), '/?searchQuery=Zug', NOW);
    const text = JSON.stringify(snapshot);
    expect(text).not.toContain('sso-token');
    expect(text).not.toContain('main-token');
    expect(text).not.toContain('anna@example.ch');
    expect(text).not.toContain('Anna Muster');
    expect(snapshot.state.session.ssoToken).toEqual({ value: REDACTED, expiresAt: expect.any(Number) });
    expect(snapshot.state.session.profile?.roles).toEqual(['MAPUSER']);
    expect(snapshot.state.session.profile?.email).toBe(REDACTED);
  });

  it('carries the screen: search, parcel, camera and URL, and leaves out the form steps', () => {
    const snapshot = snapshotOf(signedInStore().getState(), '/?searchQuery=Zug', NOW);
    expect(snapshot).toMatchObject({
      format: 'parcel-atlas/store-snapshot',
      version: 2,
      url: '/?searchQuery=Zug',
    });
    expect(snapshot.state.search.criteria).toEqual({ searchQuery: 'Zug', CANTON: 'ZG' });
    expect(snapshot.state.parcel).toEqual({ selectedParcelId: 'CH123', detailOpen: true });
    expect(snapshot.state.map.flyTo).toMatchObject({ center: [8.5, 47.2], zoom: 17, pitch: 60 });
    expect(Object.keys(snapshot.state)).not.toContain('login');
    expect(Object.keys(snapshot.state)).not.toContain('activation');
  });

  it('boots a store with the same screen, its times moved with the clock', () => {
    const snapshot = snapshotOf(signedInStore().getState(), '/?searchQuery=Zug', NOW);
    const later = NOW + 400 * 24 * 3600 * 1000;
    const preloaded = preloadedStateFromSnapshot(snapshot, later);
    const { store } = storeWithRouter(preloaded, ['/?searchQuery=Zug']);
    const state = store.getState();
    expect(state.parcel).toEqual(snapshot.state.parcel);
    expect(state.map.flyTo).toEqual(snapshot.state.map.flyTo);
    expect(state.session.ssoToken!.expiresAt - later).toBe(snapshot.state.session.ssoToken!.expiresAt - NOW);
    expect(state.session.profileFetchedAt).toBe(later);
  });

  it('refuses a file that is not a snapshot', () => {
    const notASnapshot = { format: 'something-else', version: 1 };
    expect(() => preloadedStateFromSnapshot(notASnapshot, NOW)).toThrow('parcel-atlas/store-snapshot');
  });

  it('downloads the snapshot as a JSON file on Ctrl+Alt+S once the app has started', async () => {
    jest.useFakeTimers({ now: NOW });
    const store = signedInStore();
    store.dispatch(appStarted());
    const blobs: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:snapshot';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    window.dispatchEvent(new KeyboardEvent('keydown', { ctrlKey: true, code: 'KeyS' }));
    expect(click).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { ctrlKey: true, altKey: true, code: 'KeyS' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(names[0]).toBe('parcel-atlas-snapshot-2026-11-22T12-00-00.json');
    const snapshot = JSON.parse(await blobs[0].text()) as StoreSnapshot;
    // The URL carries the open parcel and the camera (the share link).
    expect(snapshot.url).toBe(
      '/?searchQuery=Zug&page=1&size=12&map=8.4225%2C46.9587%2C7%2C20%2C-20&parcel=CH123',
    );
    expect(JSON.stringify(snapshot)).not.toContain('sso-token');
    click.mockRestore();
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  it('names the file after the capture time', () => {
    expect(snapshotFileName(NOW)).toBe('parcel-atlas-snapshot-2026-11-22T12-00-00.json');
  });
});

describe('an old (v1) support snapshot', () => {
  const appInitialState = storeWithRouter().store.getState() as unknown as Record<string, object>;

  it('boots the same store as its v2 upgrade', () => {
    const v1 = readStoreFixture('signed-in-search-with-parcel') as StoreSnapshotV1;
    const fromV1 = storeWithRouter(preloadedStateFromSnapshot(v1, NOW), [v1.url]).store.getState();
    const fromV2 = storeWithRouter(preloadedStateFromSnapshot(upgradeV1ToV2(v1), NOW), [
      v1.url,
    ]).store.getState();
    expect(fromV1).toEqual(fromV2);
    expect(fromV1.parcel).toEqual({ selectedParcelId: 'CH000000000000', detailOpen: true });
  });

  it('fills every slice a v2 snapshot carries, each with the fields the app has', () => {
    const upgraded = upgradeV1ToV2(readStoreFixture('german-user') as StoreSnapshotV1);
    expect(Object.keys(upgraded.state).sort()).toEqual([...SNAPSHOT_SLICES, 'api'].sort());
    for (const slice of SNAPSHOT_SLICES) {
      const fields = Object.keys(upgraded.state[slice]).filter((key) => key !== '_persist');
      const appFields = Object.keys(appInitialState[slice]).filter((key) => key !== '_persist');
      expect({ slice, fields: fields.sort() }).toEqual({ slice, fields: appFields.sort() });
    }
  });

  it('gives the slices v1 lacked the state a v2 app starts with', () => {
    const upgraded = upgradeV1ToV2(readStoreFixture('anonymous-plans') as StoreSnapshotV1);
    for (const slice of ['layers', 'lists', 'savedSearches', 'site', 'mapSelection', 'exportJobs'] as const) {
      expect(upgraded.state[slice]).toEqual(appInitialState[slice]);
    }
    expect(upgraded.state.compare).toEqual({ entries: [] });
  });
});

describe('Redux DevTools sanitizers', () => {
  it('hide tokens in actions and in the state, and leave everything else', () => {
    const action = devToolsSanitizers.actionSanitizer(setSsoToken('secret-jwt'));
    expect(JSON.stringify(action)).not.toContain('secret-jwt');
    expect(action.type).toBe('session/setSsoToken');
    const state = devToolsSanitizers.stateSanitizer({
      session: sessionFixture({}, NOW),
      search: { addressQuery: 'Zug' },
      login: { password: 'Secret#1' },
    });
    expect(JSON.stringify(state)).not.toMatch(/sso-token|main-token|Secret#1/);
    expect(state.search.addressQuery).toBe('Zug');
    expect(state.session.mainToken).toEqual({ value: REDACTED, expiresAt: expect.any(Number) });
  });
});
