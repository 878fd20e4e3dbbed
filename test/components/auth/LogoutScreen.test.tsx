import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { LogoutScreen } from '../../../src/features/auth/LogoutScreen';
import { reloadPage } from '../../../src/store/appLifecycle';
import { renderWithProviders } from '../renderWithProviders';
import { apiUrl, startMswServer } from '../msw';
import { PROFILE } from './authFixtures';

jest.mock('../../../src/store/appLifecycle', () => ({
  ...jest.requireActual('../../../src/store/appLifecycle'),
  reloadPage: jest.fn(),
}));

const SESSION = {
  ssoToken: { value: 'sso', expiresAt: Date.now() + 1e9 },
  mainToken: { value: 'main', expiresAt: Date.now() + 1e9 },
  profile: PROFILE,
  profileFetchedAt: Date.now(),
};

/** What reached POST /api/user/logout, and whether the session was still stored when it did. */
let logoutCalls: { authorization: string | null; storedAtCall: string | null }[] = [];
const server = startMswServer();

beforeEach(() => {
  logoutCalls = [];
  jest.mocked(reloadPage).mockClear();
});

function answerLogout(response: () => Response) {
  server.use(
    http.post(apiUrl('/api/user/logout'), ({ request }) => {
      logoutCalls.push({
        authorization: request.headers.get('authorization'),
        storedAtCall: window.localStorage.getItem('something'),
      });
      return response();
    }),
  );
}

describe('Logout confirmation (/logout)', () => {
  it("asks 'Do you want to logout?'; Yes revokes the session on the server, then clears local storage and the client state and reloads", async () => {
    answerLogout(() => HttpResponse.json({ error: false, message: 'Logged out' }));
    window.localStorage.setItem('something', 'kept before logout');
    const { store } = renderWithProviders(<LogoutScreen />, {
      initialEntries: ['/logout'],
      preloadedState: { session: SESSION },
    });
    expect(screen.getByText('Do you want to logout?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    // The call went out with the session's token while the local state was still there.
    expect(logoutCalls).toEqual([{ authorization: 'Bearer sso', storedAtCall: 'kept before logout' }]);
    expect(window.localStorage.getItem('something')).toBeNull();
    expect(store.getState().session.ssoToken).toBeNull();
    expect(store.getState().session.profile).toBeNull();
  });

  it('a failed logout call (server error or network failure) still logs out on this device', async () => {
    for (const failure of [
      () => HttpResponse.json({ error: true, message: 'boom' }, { status: 500 }),
      () => HttpResponse.error(),
    ]) {
      jest.mocked(reloadPage).mockClear();
      answerLogout(failure);
      window.localStorage.setItem('something', 'kept before logout');
      const { store, unmount } = renderWithProviders(<LogoutScreen />, {
        initialEntries: ['/logout'],
        preloadedState: { session: SESSION },
      });
      await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(reloadPage).toHaveBeenCalled());
      expect(window.localStorage.getItem('something')).toBeNull();
      expect(store.getState().session).toMatchObject({ ssoToken: null, mainToken: null, profile: null });
      unmount();
    }
    expect(logoutCalls).toHaveLength(2);
  });

  it('Cancel returns to the dashboard route (/) and keeps the session', async () => {
    const { store } = renderWithProviders(<LogoutScreen />, {
      initialEntries: ['/', '/logout'],
      preloadedState: { session: SESSION },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(store.getState().session.ssoToken?.value).toBe('sso');
  });
});
