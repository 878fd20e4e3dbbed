import { screen } from '@testing-library/react';
import { ResultCard } from '../../../src/features/mapView/ResultCard';
import { renderWithProviders } from '../renderWithProviders';
import { sessionFixture } from '../sessionFixture';
import { parcelFixture } from '../search/searchFixtures';

function renderCard(overrides: Parameters<typeof parcelFixture>[0], language: 'en' | 'de') {
  return renderWithProviders(
    <ResultCard
      parcel={parcelFixture(overrides)}
      selected={false}
      onOpen={() => {}}
      onFullReport={() => {}}
    />,
    { preloadedState: { session: sessionFixture(), language: { chosen: language } } },
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
