import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { AppLayout } from '../../../src/app/layouts/AppLayout';
import { MapLayout } from '../../../src/app/layouts/MapLayout';
import { SimpleLayout } from '../../../src/app/layouts/SimpleLayout';
import { reloadPage } from '../../../src/store/appLifecycle';
import type { AppPreloadedState } from '../../../src/store/storeTypes';
import { LANGUAGE_RELOAD_MS } from '../../../src/lib/timing';
import { startMswServer, apiUrl } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { fixtureState } from '../storeFixture';

jest.mock('../../../src/store/appLifecycle', () => ({
  ...jest.requireActual('../../../src/store/appLifecycle'),
  reloadPage: jest.fn(),
}));

startMswServer(
  http.get(apiUrl('/v1/secure/subscriptions'), () => HttpResponse.json({ subscription: null })),
  http.get(apiUrl('/v1/secure/preferences/'), () =>
    HttpResponse.json({ emailSignature: '', avatarFileId: null }),
  ),
);

function renderApp(initialEntries: string[], preloadedState?: AppPreloadedState) {
  return renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route element={<SimpleLayout />}>
          <Route path="/plans" element={<p>plans screen</p>} />
        </Route>
        <Route element={<MapLayout />}>
          <Route path="/anonymous-map" element={<p>map screen</p>} />
        </Route>
      </Route>
    </Routes>,
    { initialEntries, preloadedState },
  );
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'en';
  jest.mocked(reloadPage).mockClear();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('language menu (spec §2)', () => {
  it('lists English, Deutsch, Français, Italian', async () => {
    renderApp(['/plans']);
    await userEvent.click(screen.getByRole('button', { name: /^Language/ }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['English', 'Deutsch', 'Français', 'Italian']);
  });

  it('saves the choice, shows an info message and the mask, then reloads the page', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderApp(['/plans']);
    await user.click(screen.getByRole('button', { name: /^Language/ }));
    await user.click(within(await screen.findByRole('menu')).getByText('Deutsch'));

    expect(localStorage.getItem('user-language')).toBe('de');
    expect(screen.getByRole('status')).toHaveTextContent('Sprache geändert. Die Seite wird neu geladen …');
    expect(screen.getByTestId('loading-mask')).toBeInTheDocument();
    expect(getComputedStyle(screen.getByTestId('loading-mask')).zIndex).toBe('9999');
    expect(reloadPage).not.toHaveBeenCalled();

    await act(() => jest.advanceTimersByTimeAsync(LANGUAGE_RELOAD_MS));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("is a submenu of the map layout's avatar menu for logged-in users", async () => {
    renderApp(['/anonymous-map'], fixtureState('signed-in-map-user'));
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.hover(within(await screen.findByRole('menu')).getByText('Language'));
    await userEvent.click(await screen.findByText('Français'));
    expect(localStorage.getItem('user-language')).toBe('fr');
    expect(await screen.findByText('Langue modifiée. Rechargement…')).toBeInTheDocument();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  });

  it('is not in the anonymous avatar menu (spec §2: search, join, login)', async () => {
    renderApp(['/anonymous-map']);
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(within(await screen.findByRole('menu')).queryByText('Language')).not.toBeInTheDocument();
  });
});

describe('the lang query parameter (spec §1)', () => {
  it('sets the interface language, stores it under user-language and sets <html lang>', async () => {
    renderApp(['/plans?lang=de']);
    expect(await screen.findByRole('button', { name: /Suche/ })).toBeInTheDocument();
    expect(localStorage.getItem('user-language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('ignores an unsupported language', () => {
    renderApp(['/plans?lang=es']);
    expect(screen.getByRole('button', { name: /Search/ })).toBeInTheDocument();
    expect(localStorage.getItem('user-language')).toBeNull();
    expect(document.documentElement.lang).toBe('en');
  });
});
