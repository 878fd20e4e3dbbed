/**
 * Writes the store fixtures of test/fixtures/store (ADR 009) that are generated rather than captured: each
 * starts from the reducers' initial state, dispatches the actions the app dispatches on the way to the screen
 * (sign-in, language, panels, parcels) and writes `snapshotOf` the result — redacted, current version.
 *
 *   npx tsx scripts/captureStoreFixtures.ts
 *
 * The four v1 fixtures (captured by driving the app in 2026-11) are left as they are: they prove that an old
 * support file still loads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { mainApi } from '../src/api/mainApi';
import { paymentApi } from '../src/api/paymentApi';
import { ssoApi } from '../src/api/ssoApi';
import { rootReducer } from '../src/app/rootReducer';
import type { Profile } from '../src/contract/Profile';
import { setMainToken, setProfile, setSsoToken } from '../src/features/auth/sessionSlice';
import { comparisonReplaced } from '../src/features/compare/compareSlice';
import { layerOpacityChanged, layerPanelToggled, layerSwitched } from '../src/features/layers/layersSlice';
import { listsPanelToggled } from '../src/features/lists/listsSlice';
import { notificationReceived } from '../src/features/notifications/notificationsSlice';
import { savedSearchesPanelToggled } from '../src/features/savedSearches/savedSearchesSlice';
import { siteParcelsAdded } from '../src/features/site/siteSlice';
import { snapshotOf } from '../src/features/support/storeSnapshot';
// The component tests' map user (personal fields redacted on the way out).
import { profileFixture } from '../test/components/sessionFixture';

/** The capture time of every fixture (the v1 ones were captured at the same instant). */
const CAPTURED_AT = Date.parse('2026-11-22T12:00:00Z');
// Token expiry and profile age are written relative to the capture time (the recipes below dispatch at it).
Date.now = () => CAPTURED_AT;
const OUT = path.join(import.meta.dirname, '../test/fixtures/store');

/** What a sign-in dispatches: both tokens, then the profile. */
const signedIn = (overrides: Partial<Profile> = {}): UnknownAction[] => [
  setSsoToken('sso-token'),
  setMainToken('main-token'),
  setProfile(profileFixture(overrides)),
];

interface FixtureRecipe {
  name: string;
  description: string;
  url: string;
  actions: UnknownAction[];
}

const RECIPES: FixtureRecipe[] = [
  {
    name: 'signed-in-map-user',
    description:
      'A signed-in map user (MAPUSER) on the map view before any search: the start of most screens.',
    url: '/',
    actions: signedIn(),
  },
  {
    name: 'anonymous-map',
    description: 'A visitor who is not signed in, on the anonymous map (/anonymous-map).',
    url: '/anonymous-map',
    actions: [],
  },
  {
    name: 'admin-settings-users',
    description: 'An administrator (MAPUSER and ADMIN) on the users tab of the settings screen.',
    url: '/settings?tab=users',
    actions: signedIn({ roles: ['MAPUSER', 'ADMIN'] }),
  },
  {
    name: 'team-member',
    description:
      'A map user in two teams and one site of their company (company name and address redacted), German as profile language, with two parcels in the site builder, on the settings screen.',
    url: '/settings',
    actions: [
      ...signedIn({
        teams: ['Valuation', 'Zug office'],
        sites: [{ siteID: 'ZG-1', name: 'Zug Office' }],
        companyName: 'Muster Immobilien AG',
        companyAddress: 'Bahnhofstrasse 1\n6300 Zug',
        defaultLanguage: 'de',
      }),
      siteParcelsAdded([
        { egrid: 'CH000000000000', number: '100' },
        { egrid: 'CH000000000001', number: '101' },
      ]),
    ],
  },
  {
    name: 'user-with-lists',
    description: 'A map user with the parcel-lists panel open on the map view.',
    url: '/',
    actions: [...signedIn(), listsPanelToggled(true)],
  },
  {
    name: 'user-with-saved-searches',
    description: 'A map user with the saved-searches panel open on the map view.',
    url: '/',
    actions: [...signedIn(), savedSearchesPanelToggled(true)],
  },
  {
    name: 'comparison-three-parcels',
    description:
      'A map user on the comparison screen with three parcels side by side (the tray holds them too).',
    url: '/compare?egrids=CH000000000000,CH000000000001,CH000000000002',
    actions: [
      ...signedIn(),
      comparisonReplaced([
        { egrid: 'CH000000000000', number: '100' },
        { egrid: 'CH000000000001', number: '101' },
        { egrid: 'CH000000000002', number: '102' },
      ]),
    ],
  },
  {
    name: 'user-with-notifications',
    description:
      'A map user on /notifications with two in-app notifications received over the socket, both unread.',
    url: '/notifications',
    actions: [
      ...signedIn(),
      notificationReceived({
        id: 'n-1',
        kind: 'saved-search',
        title: 'New parcels for "Zug, over 800 m²"',
        body: '3 new parcels match your saved search.',
        url: '/?CANTON=ZG&PRC_SUR_from=800',
        sentAt: '2026-11-22T07:30:00.000Z',
      }),
      notificationReceived({
        id: 'n-2',
        kind: 'list-facts',
        title: 'Zug office list',
        body: 'Ben moved parcel 100 to Contacted.',
        url: '/',
        sentAt: '2026-11-22T07:45:00.000Z',
      }),
    ],
  },
  {
    name: 'user-with-layers',
    description:
      'A map user with the layer panel open, satellite on at 60 % opacity and the terrain layer on.',
    url: '/?layers=satellite,terrain',
    actions: [
      ...signedIn(),
      layerPanelToggled(true),
      layerSwitched({ id: 'satellite', on: true }),
      layerSwitched({ id: 'terrain', on: true }),
      layerOpacityChanged({ id: 'satellite', opacity: 0.6 }),
    ],
  },
];

function capture(recipe: FixtureRecipe): string {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().concat(ssoApi.middleware, mainApi.middleware, paymentApi.middleware),
  });
  for (const action of recipe.actions) store.dispatch(action);
  const snapshot = {
    ...snapshotOf(store.getState(), recipe.url, CAPTURED_AT),
    description: recipe.description,
  };
  const { format, version, description, capturedAt, url, state } = snapshot;
  return `${JSON.stringify({ format, version, description, capturedAt, url, state }, null, 2)}\n`;
}

for (const recipe of RECIPES) {
  fs.writeFileSync(path.join(OUT, `${recipe.name}.json`), capture(recipe));
  console.log(`wrote ${recipe.name}.json`);
}
console.log('now run: npx prettier --write test/fixtures/store');
