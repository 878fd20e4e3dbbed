import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MAX_BULK_LIST_ADD } from '../../../src/contract/ParcelLists';
import { PARCEL_MIN_ZOOM } from '../../../src/contract/VectorTiles';
import { initialMapState } from '../../../src/features/map/mapSlice';
import {
  initialMapSelectionState,
  type MapSelectionShape,
  type SelectedParcel,
} from '../../../src/features/map/selection/mapSelectionSlice';
import { initialSiteState, type SiteEntry } from '../../../src/features/site/siteSlice';
import { SITE_MAX_PARCELS } from '../../../src/contract/Sites';
import { MapSelectionPanel } from '../../../src/features/mapView/MapSelectionPanel';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { listSummaryFixture, listsHandler } from '../listFixture';
import { fixtureState } from '../storeFixture';

const LIST = listSummaryFixture('L1', 'Bauland Baar');

const server = startMswServer(listsHandler(LIST));

const parcels = (count: number): SelectedParcel[] =>
  Array.from({ length: count }, (_, i) => ({ prcId: `CH${1000 + i}`, prcNo: String(i + 1) }));

function renderPanel(
  selected: SelectedParcel[] | null,
  zoom = 16,
  more: { shape?: MapSelectionShape; roadsLeftOut?: number; site?: SiteEntry[] } = {},
) {
  return renderWithProviders(<MapSelectionPanel />, {
    preloadedState: {
      ...fixtureState('signed-in-map-user'),
      map: { ...initialMapState, zoom },
      mapSelection: {
        active: true,
        shape: more.shape ?? 'box',
        parcels: selected,
        roadsLeftOut: more.roadsLeftOut ?? 0,
      },
      site: { ...initialSiteState, entries: more.site ?? [] },
    },
  });
}

describe('MapSelectionPanel ("Select on map")', () => {
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
    expect(store.getState().mapSelection.shape).toBe('box');
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
    expect(store.getState().mapSelection).toEqual(initialMapSelectionState);
  });

  it('switches between box and lasso, and tells what to do in each shape', async () => {
    const { store } = renderPanel(null);
    expect(screen.getByRole('radio', { name: /Box/ })).toBeChecked();
    await userEvent.click(screen.getByText('Lasso'));
    expect(store.getState().mapSelection.shape).toBe('lasso');
    expect(screen.getByRole('radio', { name: /Lasso/ })).toBeChecked();
    expect(screen.getByText('Draw a line around the parcels to select them.')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Box'));
    expect(screen.getByText('Drag a box over the parcels to select them.')).toBeInTheDocument();
  });

  it('in the lasso shape says so after an empty lasso and for too many parcels', () => {
    const empty = renderPanel([], 16, { shape: 'lasso' });
    expect(screen.getByText('No parcels inside this line. Draw another one.')).toBeInTheDocument();
    empty.unmount();
    renderPanel(parcels(MAX_BULK_LIST_ADD + 1), 16, { shape: 'lasso' });
    expect(
      screen.getByText('At most 500 parcels can be added at once: draw a smaller lasso.'),
    ).toBeInTheDocument();
  });

  it('says that road parcels are left out, and how many a selection left out', () => {
    const { unmount } = renderPanel(null);
    expect(screen.getByTestId('map-selection-roads')).toHaveTextContent('Road parcels are left out.');
    unmount();
    renderPanel(parcels(2), 16, { shape: 'lasso', roadsLeftOut: 3 });
    expect(screen.getByTestId('map-selection-roads')).toHaveTextContent('3 road parcels left out');
  });

  it('puts the selected parcels into the site and ends the tool', async () => {
    const { store } = renderPanel(parcels(3), 16, {
      shape: 'lasso',
      site: [{ egrid: 'CH1001', number: '2' }],
    });
    await userEvent.click(screen.getByRole('button', { name: /Add to site/ }));
    expect(store.getState().site.entries).toEqual([
      { egrid: 'CH1001', number: '2' },
      { egrid: 'CH1000', number: '1' },
      { egrid: 'CH1002', number: '3' },
    ]);
    expect(store.getState().mapSelection).toMatchObject({ active: false, shape: 'lasso', parcels: null });
  });

  it(`refuses to make a site of more than ${SITE_MAX_PARCELS} parcels, and says so`, () => {
    renderPanel(parcels(SITE_MAX_PARCELS - 1), 16, {
      site: [
        { egrid: 'CHA', number: 'A' },
        { egrid: 'CHB', number: 'B' },
      ],
    });
    expect(screen.getByRole('button', { name: /Add to site/ })).toBeDisabled();
    expect(screen.getByTestId('site-too-many')).toHaveTextContent(
      `A site holds at most ${SITE_MAX_PARCELS} parcels`,
    );
    expect(screen.getByRole('button', { name: /Add to list/ })).toBeEnabled();
  });
});
