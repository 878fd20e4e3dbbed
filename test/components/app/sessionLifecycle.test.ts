import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { appStarted, reloadPage } from '../../../src/store/appLifecycle';
import { storeWithRouter } from '../renderWithProviders';
import { logout } from '../../../src/features/auth/sessionSlice';
import { setMainToken, setSsoToken } from '../../../src/features/auth/sessionSlice';
import { setLanguage } from '../../../src/features/i18n/languageSlice';
import { showSnackbar } from '../../../src/features/ui/uiSlice';
import { CACHE_CLEANER_MS, TOKEN_CACHE_S } from '../../../src/lib/timing';
import { apiUrl, startMswServer } from '../msw';
import { sessionFixture } from '../sessionFixture';

jest.mock('../../../src/store/appLifecycle', () => ({
  ...jest.requireActual('../../../src/store/appLifecycle'),
  reloadPage: jest.fn(),
}));

afterEach(() => {
  jest.useRealTimers();
  localStorage.clear();
});

describe('session tokens (spec §4, §9)', () => {
  it('expire 31104000 s (360 days) after they are stored', () => {
    jest.useFakeTimers({ now: new Date('2027-01-01T00:00:00Z') });
    const { store } = storeWithRouter();
    store.dispatch(setSsoToken('sso'));
    store.dispatch(setMainToken('main'));
    const expected = Date.now() + TOKEN_CACHE_S * 1000;
    expect(TOKEN_CACHE_S).toBe(31104000);
    expect(store.getState().session.ssoToken).toEqual({ value: 'sso', expiresAt: expected });
    expect(store.getState().session.mainToken).toEqual({ value: 'main', expiresAt: expected });
  });

  it('are removed by the cleaner, which runs at start and then every 60 s', async () => {
    jest.useFakeTimers({ now: new Date('2027-01-01T00:00:00Z') });
    const now = Date.now();
    const { store } = storeWithRouter({
      session: sessionFixture({
        ssoToken: { value: 'sso', expiresAt: now + 30_000 },
        mainToken: { value: 'main', expiresAt: now + 90_000 },
      }),
    });
    store.dispatch(appStarted());
    expect(store.getState().session.ssoToken?.value).toBe('sso');

    await jest.advanceTimersByTimeAsync(CACHE_CLEANER_MS);
    expect(store.getState().session.ssoToken).toBeNull();
    expect(store.getState().session.mainToken?.value).toBe('main');

    await jest.advanceTimersByTimeAsync(CACHE_CLEANER_MS);
    expect(store.getState().session.mainToken).toBeNull();
  });

  it('that expired while the app was closed are gone as soon as it starts', () => {
    jest.useFakeTimers({ now: new Date('2027-01-01T00:00:00Z') });
    const { store } = storeWithRouter({
      session: sessionFixture({ ssoToken: { value: 'old', expiresAt: Date.now() - 1 }, mainToken: null }),
    });
    store.dispatch(appStarted());
    expect(store.getState().session.ssoToken).toBeNull();
  });
});

describe('logout (spec §4)', () => {
  startMswServer(
    http.post(apiUrl('/api/user/logout'), () => HttpResponse.json({ error: false, message: 'Logged out' })),
  );
  beforeEach(() => jest.mocked(reloadPage).mockClear());

  it('revokes the session on the server, clears all local storage and the client state, then reloads the page', async () => {
    const { store } = storeWithRouter({ session: sessionFixture() });
    store.dispatch(setLanguage('de'));
    localStorage.setItem('something-else', 'x');
    expect(localStorage.getItem('user-language')).toBe('de');

    store.dispatch(logout());
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());

    expect(localStorage.length).toBe(0);
    expect(store.getState().session).toMatchObject({ ssoToken: null, mainToken: null, profile: null });
    expect(store.getState().language.chosen).toBeNull();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('keeps the message that explains it on screen until the page reloads', async () => {
    const { store } = storeWithRouter({ session: sessionFixture() });
    store.dispatch(showSnackbar('error', { id: 'error.loadingProfile' }));
    store.dispatch(logout());
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(store.getState().ui.snackbars.map((snackbar) => snackbar.message)).toEqual([
      { id: 'error.loadingProfile' },
    ]);
  });
});
