import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ParcelDrawer } from '../../../src/features/parcel/ParcelDrawer';
import { SnackbarArea } from '../../../src/features/ui/SnackbarArea';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { fixtureState } from '../storeFixture';

const server = startMswServer();

function refuseFullView(body: Record<string, unknown>) {
  server.use(
    http.get(apiUrl('/v1/secure/maps/prcid/:id/objects-full'), () =>
      HttpResponse.json(body, { status: 402 }),
    ),
  );
}

function renderDrawerWithSnackbars() {
  return renderWithProviders(
    <>
      <ParcelDrawer />
      <SnackbarArea />
    </>,
    {
      preloadedState: {
        ...fixtureState('signed-in-map-user'),
        parcel: { selectedParcelId: 'CH123456789012', detailOpen: true },
      },
    },
  );
}

describe('the full-view limit (spec §8)', () => {
  it('closes the drawer and shows the message as sentences with an Upgrade action to /plans', async () => {
    refuseFullView({
      error: true,
      errorCode: 'LIMIT_REACHED_FULL_VIEW',
      errorMessage: 'You have reached the full view limit of your plan',
    });
    const { store } = renderDrawerWithSnackbars();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'You have reached the full view limit of your plan. Check your Plan and upgrade to receive more limits.',
    );
    expect(store.getState().parcel).toEqual({ selectedParcelId: null, detailOpen: false });
    await waitFor(() => expect(screen.queryByText('Loading parcel…')).not.toBeVisible());

    await userEvent.click(within(alert).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/plans'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no Upgrade for a failure that is not a used-up quota', async () => {
    refuseFullView({ error: true, errorMessage: 'Parcel not found.' });
    renderDrawerWithSnackbars();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Parcel not found. Check your Plan and upgrade to receive more limits.');
    expect(within(alert).queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });
});
