import fs from 'node:fs';
import path from 'node:path';
import { AppRoutes } from '../../src/app/AppRoutes';
import { preloadedStateFromSnapshot, type StoreSnapshot } from '../../src/features/support/storeSnapshot';
import { renderWithProviders } from './renderWithProviders';

/** The persisted-store snapshots under test/fixtures/store (a support snapshot downloaded from the app is one). */
export const STORE_FIXTURES = path.join(__dirname, '../fixtures/store');

export function readStoreFixture(name: string): StoreSnapshot {
  return JSON.parse(fs.readFileSync(path.join(STORE_FIXTURES, `${name}.json`), 'utf8')) as StoreSnapshot;
}

/**
 * Boots the real store (makeStore, every listener) from a fixture and renders the whole app at the
 * fixture's URL: the screen the user had, replayed. Times in the fixture move with the clock.
 */
export function renderFromStoreFixture(name: string) {
  const snapshot = readStoreFixture(name);
  const view = renderWithProviders(<AppRoutes />, {
    initialEntries: [snapshot.url],
    preloadedState: preloadedStateFromSnapshot(snapshot, Date.now()),
  });
  return { snapshot, ...view };
}
