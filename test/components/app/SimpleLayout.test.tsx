import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { SimpleLayout } from '../../../src/app/layouts/SimpleLayout';
import type { AppPreloadedState } from '../../../src/store/storeTypes';
import { renderWithProviders } from '../renderWithProviders';
import { profileFixture, sessionFixture } from '../sessionFixture';

function renderSimpleLayout(preloadedState?: AppPreloadedState) {
  return renderWithProviders(
    <Routes>
      <Route element={<SimpleLayout />}>
        <Route path="/plans" element={<p>plans screen</p>} />
        <Route path="/register" element={<p>register screen</p>} />
        <Route path="/" element={<p>map screen</p>} />
      </Route>
    </Routes>,
    { initialEntries: ['/plans'], preloadedState },
  );
}

describe('simple layout top bar (spec §2)', () => {
  it('offers Search, Join and the language menu to an anonymous visitor, over the background image', () => {
    renderSimpleLayout();
    expect(screen.getByText('plans screen')).toBeInTheDocument();
    const bar = screen.getByRole('banner');
    expect(bar).toHaveTextContent('Parcel Atlas');
    expect(screen.getByRole('button', { name: /Search/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Join/ })).toBeInTheDocument();
    // The spoken name holds the code the button shows (label in name).
    expect(screen.getByRole('button', { name: 'Language EN' })).toHaveTextContent('EN');
    expect(screen.queryByTestId('user-name')).not.toBeInTheDocument();
    expect(screen.getByTestId('simple-layout').style.backgroundImage).toContain('/images/background.svg');
  });

  it('Join goes to /register and Search goes to /', async () => {
    renderSimpleLayout();
    await userEvent.click(screen.getByRole('button', { name: /Join/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/register$/);
    expect(screen.getByText('register screen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it("shows the logged-in user's name instead of Join", () => {
    renderSimpleLayout({ session: sessionFixture() });
    expect(screen.getByTestId('user-name')).toHaveTextContent('Anna Muster');
    expect(screen.queryByRole('button', { name: /Join/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Search/ })).toBeInTheDocument();
  });

  it('shows the username when the profile has no name', () => {
    renderSimpleLayout({ session: sessionFixture({ profile: profileFixture({ name: '' }) }) });
    expect(screen.getByTestId('user-name')).toHaveTextContent('anna@example.ch');
  });

  it('speaks the stored language', () => {
    renderSimpleLayout({ language: { chosen: 'de' } });
    expect(screen.getByRole('button', { name: /Suche/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Registrieren/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sprache DE' })).toHaveTextContent('DE');
  });
});
