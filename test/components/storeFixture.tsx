import fs from 'node:fs';
import path from 'node:path';
import type { ReactElement } from 'react';
import { AppRoutes } from '../../src/app/AppRoutes';
import type { AppPreloadedState } from '../../src/store/storeTypes';
import { preloadedStateFromSnapshot } from '../../src/features/support/storeSnapshot';
import type { AnyStoreSnapshot } from '../../src/features/support/snapshotUpgrades';
import { renderWithProviders, type ProvidersOptions } from './renderWithProviders';

/** The persisted-store snapshots under test/fixtures/store (a support snapshot downloaded from the app is one). */
export const STORE_FIXTURES = path.join(__dirname, '../fixtures/store');

/** The fixtures by file name (without `.json`); ADR 009 lists what each one shows. */
export type StoreFixtureName =
  | 'admin-settings-users'
  | 'anonymous-map'
  | 'anonymous-plans'
  | 'comparison-three-parcels'
  | 'german-user'
  | 'signed-in-map-user'
  | 'signed-in-search-with-parcel'
  | 'team-member'
  | 'trial-user-at-limit'
  | 'user-with-layers'
  | 'user-with-lists'
  | 'user-with-notifications'
  | 'user-with-saved-searches';

/** A fixture file as stored: any snapshot version (the loader upgrades it). */
export function readStoreFixture(name: StoreFixtureName): AnyStoreSnapshot {
  return JSON.parse(fs.readFileSync(path.join(STORE_FIXTURES, `${name}.json`), 'utf8')) as AnyStoreSnapshot;
}

/**
 * The preloaded state of a fixture, its times moved to now, with the test's own slices on top (e.g.
 * `fixtureState('signed-in-map-user', { language: { chosen: 'fr' } })`).
 */
export function fixtureState(name: StoreFixtureName, overrides: AppPreloadedState = {}): AppPreloadedState {
  return { ...preloadedStateFromSnapshot(readStoreFixture(name), Date.now()), ...overrides };
}

/** Renders a node (a screen or a component) with the store booted from a fixture; options as renderWithProviders. */
export function renderWithFixture(
  ui: ReactElement,
  name: StoreFixtureName,
  { preloadedState, ...options }: ProvidersOptions = {},
) {
  return renderWithProviders(ui, { ...options, preloadedState: fixtureState(name, preloadedState) });
}

/**
 * Boots the real store (makeStore, every listener) from a fixture and renders the whole app at the
 * fixture's URL: the screen the user had, replayed. Times in the fixture move with the clock.
 */
export function renderFromStoreFixture(name: StoreFixtureName) {
  const snapshot = readStoreFixture(name);
  const view = renderWithProviders(<AppRoutes />, {
    initialEntries: [snapshot.url],
    preloadedState: preloadedStateFromSnapshot(snapshot, Date.now()),
  });
  return { snapshot, ...view };
}
