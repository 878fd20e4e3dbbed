import fs from 'node:fs';
import path from 'node:path';
import { SNAPSHOT_FORMAT } from '../../src/features/support/snapshotFormat';
import {
  loadStoreSnapshot,
  upgradeV1ToV2,
  type StoreSnapshotV1,
} from '../../src/features/support/snapshotUpgrades';

const FIXTURES = path.join(__dirname, '../fixtures/store');
const fixture = (name: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'));
const V1_FIXTURES = ['anonymous-plans', 'german-user', 'signed-in-search-with-parcel', 'trial-user-at-limit'];

/** Deeply frozen, so a converter that writes into its input throws. */
function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFrozen(child);
    Object.freeze(value);
  }
  return value;
}

describe('store snapshot versions (ADR 009)', () => {
  it.each(V1_FIXTURES)('loads the v1 snapshot %s as its v2 upgrade', (name) => {
    const v1 = fixture(name) as StoreSnapshotV1;
    expect(v1.version).toBe(1);
    const loaded = loadStoreSnapshot(v1);
    expect(loaded).toEqual(upgradeV1ToV2(v1));
    expect(loaded.version).toBe(2);
    // What v1 carried is carried over unchanged.
    expect(loaded.state.session).toEqual(v1.state.session);
    expect(loaded.state.parcel).toEqual(v1.state.parcel);
    expect(loaded.state.api).toEqual(v1.state.api);
    expect(loaded.state.search).toEqual({ ...v1.state.search, includeRoads: false });
    expect(loaded.state.map).toEqual({ ...v1.state.map, fitTo: null });
  });

  it('upgrades with a pure function: the input is left as it was, and the same input gives the same output', () => {
    const v1 = deepFrozen(fixture('signed-in-search-with-parcel') as StoreSnapshotV1);
    const before = JSON.stringify(v1);
    const first = upgradeV1ToV2(v1);
    expect(upgradeV1ToV2(v1)).toEqual(first);
    expect(JSON.stringify(v1)).toBe(before);
    expect(first.state.search).not.toBe(v1.state.search);
  });

  it('takes the roads choice of a v1 search from its advanced draft', () => {
    const v1 = fixture('trial-user-at-limit') as StoreSnapshotV1;
    const withRoads = {
      ...v1,
      state: {
        ...v1.state,
        search: { ...v1.state.search, draft: { ...v1.state.search.draft, includeRoads: true } },
      },
    };
    expect(upgradeV1ToV2(withRoads).state.search.includeRoads).toBe(true);
  });

  it('loads a current (v2) snapshot as it is', () => {
    const v2 = fixture('signed-in-map-user');
    expect(loadStoreSnapshot(v2)).toBe(v2);
  });

  it('refuses a snapshot from a newer app, saying which versions it reads', () => {
    const fromTheFuture = { ...(fixture('signed-in-map-user') as object), version: 3 };
    expect(() => loadStoreSnapshot(fromTheFuture)).toThrow(
      'Not a parcel-atlas/store-snapshot file this version of Parcel Atlas can read: it has version 3, ' +
        'and it reads versions 1 to 2 (a file from a newer app needs that app).',
    );
  });

  it('refuses a file that is not a snapshot, or no version at all', () => {
    expect(() => loadStoreSnapshot({ format: 'geojson', version: 1 })).toThrow('its format is "geojson"');
    expect(() => loadStoreSnapshot('[]')).toThrow('it is not a JSON object');
    expect(() => loadStoreSnapshot({ format: SNAPSHOT_FORMAT })).toThrow('it has version undefined');
  });
});
