import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ListItemHistory } from '../../../src/contract/ParcelLists';
import { ListItemHistoryPanel } from '../../../src/features/lists/ListItemHistoryPanel';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { fixtureState } from '../storeFixture';

const history: ListItemHistory = {
  notes: [],
  activity: [
    {
      id: 'a2',
      kind: 'facts',
      prcId: 'CH170200000011',
      actor: null,
      at: '2026-11-27T09:00:00.000Z',
      from: null,
      to: 'area,reserve,gone',
    },
    {
      id: 'a1',
      kind: 'added',
      prcId: 'CH170200000011',
      actor: { id: 'u1', name: 'Anna Ammann' },
      at: '2026-11-26T09:00:00.000Z',
      from: null,
      to: null,
    },
  ],
};

startMswServer(
  http.get(apiUrl('/v1/secure/lists/l1/items/CH170200000011/history'), () => HttpResponse.json(history)),
);

describe('a listed parcel’s history', () => {
  it('says what a data update changed, in the topics’ words, without a person', async () => {
    renderWithProviders(<ListItemHistoryPanel listId="l1" prcId="CH170200000011" statuses={[]} />, {
      preloadedState: fixtureState('signed-in-map-user'),
    });
    expect(
      await screen.findByText(
        'A data update changed: area, building reserve, the parcel is no longer in the data',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Anna Ammann added the parcel')).toBeInTheDocument();
  });
});
