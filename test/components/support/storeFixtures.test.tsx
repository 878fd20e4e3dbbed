import fs from 'node:fs';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PLANS, subscription } from '../plans/planFixtures';
import { apiUrl, startMswServer } from '../msw';
import { preloadedStateFromSnapshot } from '../../../src/features/support/storeSnapshot';
import { renderFromStoreFixture, STORE_FIXTURES } from '../storeFixture';

jest.mock('maplibre-gl', () => jest.requireActual('../map/maplibreMock'), { virtual: true });

const calls: string[] = [];
const trialAtLimit = subscription({
  status: 'trialing',
  plan: { product: 'Trial', limits: { max_advance_search: 10, max_full_view: 10, max_report_download: 2 } },
  usage: { advance_search: 10, full_view: 4, report_download: 0 },
});
const server = startMswServer(
  http.get(apiUrl('/api/plans'), () => HttpResponse.json(PLANS)),
  http.get(apiUrl('/v1/secure/subscriptions'), () => HttpResponse.json({ subscription: subscription() })),
  http.get(apiUrl('/v1/secure/maps/search'), ({ request }) => {
    calls.push(request.url);
    return HttpResponse.json({ error: true, errorMessage: 'not expected' }, { status: 500 });
  }),
  http.get(apiUrl('/v1/secure/maps/prcid/:id/objects-full'), ({ request }) => {
    calls.push(request.url);
    return HttpResponse.json({ error: true, errorMessage: 'not expected' }, { status: 500 });
  }),
);

async function elapse(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  calls.length = 0;
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('replayable store fixtures (design.md §3)', () => {
  it('has a fixture for each journey support replays, none holding a token or personal data', () => {
    const names = fs.readdirSync(STORE_FIXTURES).filter((file) => file.endsWith('.json'));
    expect(names.sort()).toEqual([
      'admin-settings-users.json',
      'anonymous-map.json',
      'anonymous-plans.json',
      'comparison-three-parcels.json',
      'german-user.json',
      'signed-in-map-user.json',
      'signed-in-search-with-parcel.json',
      'team-member.json',
      'trial-user-at-limit.json',
      'user-with-layers.json',
      'user-with-lists.json',
      'user-with-notifications.json',
      'user-with-saved-searches.json',
    ]);
    for (const name of names) {
      const text = fs.readFileSync(`${STORE_FIXTURES}/${name}`, 'utf8');
      expect(text).not.toMatch(/sso-token|main-token|@example\.ch|\+41|Muster|Bahnhofstrasse/);
      const snapshot = JSON.parse(text) as { description?: string; version: number };
      expect(snapshot.description).toEqual(expect.any(String));
      expect(() => preloadedStateFromSnapshot(snapshot, Date.now())).not.toThrow();
    }
  });

  it('replays a signed-in user on a search result with the parcel open, without asking the server again', async () => {
    const { store } = renderFromStoreFixture('signed-in-search-with-parcel');
    await elapse(1000);
    expect(await screen.findByText('Found 20 results')).toBeInTheDocument();
    expect(screen.getAllByTestId('result-card')).toHaveLength(12);
    expect(screen.getAllByTestId('result-card-open')[0]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('result-page')).toHaveTextContent('Page 1 of 2');
    expect(await screen.findByText('CH000000000000')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/?searchQuery=Baarerstrasse&page=1&size=12');
    expect(store.getState().parcel).toEqual({ selectedParcelId: 'CH000000000000', detailOpen: true });
    expect(calls).toEqual([]);
  });

  it('replays a trial user at the advanced-search limit: the refusal shows and the plan dialog says LIMIT REACHED', async () => {
    server.use(
      http.get(apiUrl('/v1/secure/subscriptions'), () => HttpResponse.json({ subscription: trialAtLimit })),
      http.get(apiUrl('/v1/secure/maps/advance-search'), () =>
        HttpResponse.json(
          {
            error: true,
            errorCode: 'LIMIT_REACHED_ADVANCE_SEARCH',
            errorMessage: 'You have reached the advanced search limit of your plan',
          },
          { status: 402 },
        ),
      ),
    );
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderFromStoreFixture('trial-user-at-limit');
    await elapse(1000);
    expect(
      (await screen.findAllByText('You have reached the advanced search limit of your plan.')).length,
    ).toBeGreaterThan(0);
    await user.click(await screen.findByRole('button', { name: /Trial/ }));
    const dialog = await screen.findByRole('dialog');
    const limitReached = await within(dialog).findByText(/LIMIT REACHED/);
    expect(limitReached).toBeInTheDocument();
  });

  it('replays a visitor on /plans: the three plans with Select Plan and a Join button', async () => {
    renderFromStoreFixture('anonymous-plans');
    await elapse(500);
    for (const plan of ['Basic Plan', 'Standard Plan', 'Premium Plan']) {
      expect(await screen.findByText(plan)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: 'Select Plan' })).toHaveLength(3);
    expect(screen.getByRole('button', { name: /Join/ })).toBeInTheDocument();
  });

  it('replays a German user: the map view speaks German', async () => {
    renderFromStoreFixture('german-user');
    await elapse(1000);
    expect(await screen.findByRole('searchbox', { name: 'Schnellsuche' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Karte' })).toBeInTheDocument();
  });
});
