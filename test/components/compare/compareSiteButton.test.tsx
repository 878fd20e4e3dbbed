import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CompareSiteButton } from '../../../src/features/compare/CompareSiteButton';
import { SnackbarArea } from '../../../src/features/ui/SnackbarArea';
import { renderWithProviders } from '../renderWithProviders';
import { fixtureState } from '../storeFixture';

const site = [
  { egrid: 'CH543790000164', number: '49' },
  { egrid: 'CH551709000167', number: '50' },
  { egrid: 'CH559628000170', number: '51' },
];

describe('comparing a site', () => {
  it('puts the whole site in the tray as one entry, says so, and takes it out again', async () => {
    const user = userEvent.setup();
    const { store } = renderWithProviders(
      <>
        <CompareSiteButton parcels={site} />
        <SnackbarArea />
      </>,
      { preloadedState: fixtureState('signed-in-map-user') },
    );
    await user.click(screen.getByRole('button', { name: 'Compare the site' }));
    expect(
      await screen.findByText('Site of parcels 49 + 50 + 51 added to the comparison (1 of 5)'),
    ).toBeInTheDocument();
    expect(store.getState().compare.entries).toEqual([
      { egrid: 'CH543790000164+CH551709000167+CH559628000170', number: '49 + 50 + 51' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove the site from the comparison' }));
    expect(store.getState().compare.entries).toEqual([]);
  });
});
