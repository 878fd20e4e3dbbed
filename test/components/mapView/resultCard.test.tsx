import { fireEvent, screen, within } from '@testing-library/react';
import { ResultCard } from '../../../src/features/mapView/ResultCard';
import { renderWithProviders } from '../renderWithProviders';
import { parcelFixture } from '../search/searchFixtures';
import { fixtureState } from '../storeFixture';

function renderCard(overrides: Parameters<typeof parcelFixture>[0], language: 'en' | 'de') {
  return renderWithProviders(
    <ResultCard
      parcel={parcelFixture(overrides)}
      selected={false}
      onOpen={() => {}}
      onFullReport={() => {}}
    />,
    { preloadedState: fixtureState('signed-in-map-user', { language: { chosen: language } }) },
  );
}

describe('result card: coded values through the parcel vocabulary', () => {
  it('names the zone and a building right in the reader’s language, not by their codes', async () => {
    renderCard({ ALPHA_PRIS: ['W2'], PRC_TYP: 'Baurecht' }, 'de');
    expect(await screen.findByTestId('result-card-facts')).toHaveTextContent('Wohnzone (W2) · Baurecht');
  });

  it('shows an unknown zone code as it is, and no facts line for an ordinary parcel without zone', async () => {
    const first = renderCard({ ALPHA_PRIS: ['X9'] }, 'en');
    expect(await screen.findByTestId('result-card-facts')).toHaveTextContent(/^X9$/);
    first.unmount();
    renderCard({}, 'en');
    await screen.findByTestId('result-card');
    expect(screen.queryByTestId('result-card-facts')).not.toBeInTheDocument();
  });
});

describe('result card: two separate controls, none nested in another', () => {
  it('opens the parcel from its title button or a click on the card; the report button only reports', async () => {
    const onOpen = jest.fn();
    const onFullReport = jest.fn();
    renderWithProviders(
      <ResultCard
        parcel={parcelFixture({ PRC_NO: '1234' })}
        selected
        onOpen={onOpen}
        onFullReport={onFullReport}
      />,
      { preloadedState: fixtureState('signed-in-map-user') },
    );
    const card = await screen.findByTestId('result-card');
    // The card itself is no control: no role, not in the tab order.
    expect(card).not.toHaveAttribute('role');
    expect(card).not.toHaveAttribute('tabindex');
    const open = within(card).getByRole('button', { name: 'Parcel 1234' });
    expect(open).toHaveAttribute('aria-pressed', 'true');
    const report = within(card).getByRole('button', { name: 'Full report' });
    expect(open).not.toContainElement(report);
    expect(report).not.toContainElement(open);
    fireEvent.click(open);
    expect(onOpen).toHaveBeenCalledTimes(1);
    fireEvent.click(report);
    expect(onFullReport).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledTimes(1);
    fireEvent.click(card);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});
