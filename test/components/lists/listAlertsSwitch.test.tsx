import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  LIST_STATUSES,
  type ParcelListDetail,
  type ParcelListsResponse,
} from '../../../src/contract/ParcelLists';
import { ListView } from '../../../src/features/lists/ListView';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { fixtureState } from '../storeFixture';

let alertsOn = false;
const asked: unknown[] = [];

const detail = (): ParcelListDetail => ({
  list: {
    id: 'l1',
    name: 'Cham Ost',
    owner: { id: 'u2', name: 'Anna Ammann' },
    site: { id: 'zug', name: 'Zug' },
    itemCount: 0,
    counts: Object.fromEntries(
      LIST_STATUSES.map((status) => [status, 0]),
    ) as ParcelListDetail['list']['counts'],
    createdAt: '2026-11-26T09:00:00.000Z',
    updatedAt: '2026-11-26T09:00:00.000Z',
    canManage: false,
  },
  items: [],
  statuses: LIST_STATUSES.map((key) => ({ key, label: null })),
  people: [{ id: 'u2', name: 'Anna Ammann' }],
  alertsOn,
});

startMswServer(
  http.get(apiUrl('/v1/secure/lists/l1'), () => HttpResponse.json(detail())),
  http.get(apiUrl('/v1/secure/lists'), () =>
    HttpResponse.json<ParcelListsResponse>({ lists: [detail().list], sites: [] }),
  ),
  http.post(apiUrl('/v1/secure/lists/l1/alerts'), async ({ request }) => {
    const body = (await request.json()) as { alertsOn: boolean };
    asked.push(body);
    alertsOn = body.alertsOn;
    return HttpResponse.json({ alertsOn });
  }),
);

describe('a list’s alerts in the list view', () => {
  it('shows a colleague’s muted alerts as off and turns them back on with one click', async () => {
    renderWithProviders(<ListView listId="l1" />, { preloadedState: fixtureState('signed-in-map-user') });
    const toggle = await screen.findByRole('switch', {
      name: 'Alert me when facts of these parcels change',
    });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(asked).toEqual([{ alertsOn: true }]);
    await waitFor(() => expect(toggle).toBeChecked());
  });
});
