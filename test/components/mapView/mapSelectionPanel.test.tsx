import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  MAX_BULK_LIST_ADD,
  type ParcelListsResponse,
  type ParcelListSummary,
} from '../../../src/contract/ParcelLists';
import { PARCEL_MIN_ZOOM } from '../../../src/contract/VectorTiles';
import { initialMapState } from '../../../src/features/map/mapSlice';
import type { SelectedParcel } from '../../../src/features/map/selection/mapSelectionSlice';
import { MapSelectionPanel } from '../../../src/features/mapView/MapSelectionPanel';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { sessionFixture } from '../sessionFixture';

const LIST: ParcelListSummary = {
  id: 'L1',
  name: 'Bauland Baar',
  owner: { id: 'u1', name: 'Anna' },
  site: null,
  itemCount: 0,
  counts: { new: 0, reviewing: 0, contacted: 0, offer: 0, acquired: 0, dropped: 0 },
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  canManage: true,
};

const server = startMswServer(
  http.get(apiUrl('/v1/secure/lists'), () =>
    HttpResponse.json<ParcelListsResponse>({ lists: [LIST], sites: [] }),
  ),
);

const parcels = (count: number): SelectedParcel[] =>
  Array.from({ length: count }, (_, i) => ({ prcId: `CH${1000 + i}`, prcNo: String(i + 1) }));

function renderPanel(selected: SelectedParcel[] | null, zoom = 16) {
  return renderWithProviders(<MapSelectionPanel />, {
    preloadedState: {
      session: sessionFixture(),
      map: { ...initialMapState, zoom },
      mapSelection: { active: true, parcels: selected },
    },
  });
}

describe('MapSelectionPanel ("Select on map", issue 29)', () => {
  it('adds the selected parcels to the chosen list in one request, then opens the list and ends the tool', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/v1/secure/lists/L1/items/bulk'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ added: 2, alreadyListed: 1, notFound: 0 });
      }),
    );
    const { store } = renderPanel(parcels(3));
    expect(screen.getByTestId('map-selection-count')).toHaveTextContent('3 parcels selected');
    await userEvent.click(screen.getByRole('button', { name: /Add to list/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Bauland Baar' }));
    await waitFor(() => expect(store.getState().mapSelection.active).toBe(false));
    expect(bodies).toEqual([{ prcIds: ['CH1000', 'CH1001', 'CH1002'] }]);
    expect(store.getState().lists).toMatchObject({ panelOpen: true, openListId: 'L1' });
    expect(store.getState().mapSelection.parcels).toBeNull();
    expect(store.getState().ui.snackbars.at(-1)?.message).toEqual({
      id: 'lists.addedMany.someListed',
      values: { count: 2, listed: 1, list: 'Bauland Baar' },
    });
  });

  it('tells what to do before a box, after an empty box and when zoomed out too far', () => {
    const { unmount } = renderPanel(null);
    expect(screen.getByText('Drag a box over the parcels to select them.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add to list/ })).toBeDisabled();
    unmount();
    const empty = renderPanel([]);
    expect(screen.getByText('No parcels in this box. Drag another one.')).toBeInTheDocument();
    empty.unmount();
    renderPanel([], PARCEL_MIN_ZOOM - 1);
    expect(screen.getByText(/Zoom in until the parcels are drawn/)).toBeInTheDocument();
  });

  it('refuses a box of more parcels than one request may add, and says so', () => {
    renderPanel(parcels(MAX_BULK_LIST_ADD + 1));
    expect(screen.getByTestId('map-selection-count')).toHaveTextContent('501 parcels selected');
    expect(
      screen.getByText('At most 500 parcels can be added at once: drag a smaller box.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add to list/ })).toBeDisabled();
  });

  it('ends with Escape', async () => {
    const { store } = renderPanel(parcels(2));
    await userEvent.keyboard('{Escape}');
    expect(store.getState().mapSelection).toEqual({ active: false, parcels: null });
  });
});
