import { screen } from '@testing-library/react';
import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router';
import { renderWithProviders } from '../renderWithProviders';

function KeyEcho() {
  const { key } = useParams();
  return (
    <p>
      <FormattedMessage id="layout.join" /> {key}
    </p>
  );
}

describe('renderWithProviders', () => {
  it('renders a node with translations in the stored language, the route parameters and a fresh store', () => {
    const { store } = renderWithProviders(<KeyEcho />, {
      preloadedState: { language: { chosen: 'fr' } },
      initialEntries: ['/invite/abc'],
      path: '/invite/:key',
    });
    expect(screen.getByText("S'inscrire abc")).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/invite/abc');
    expect(store.getState().session.ssoToken).toBeNull();
  });
});
