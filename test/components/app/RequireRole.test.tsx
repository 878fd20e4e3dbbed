import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { AppLayout } from '../../../src/app/layouts/AppLayout';
import { reloadPage } from '../../../src/store/appLifecycle';
import { RequireRole } from '../../../src/app/RequireRole';
import { ssoApi } from '../../../src/api/ssoApi';
import type { AppPreloadedState } from '../../../src/store/storeTypes';
import { PROFILE_CACHE_S } from '../../../src/lib/timing';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { profileFixture, sessionFixture } from '../sessionFixture';
import { fixtureState } from '../storeFixture';

jest.mock('../../../src/store/appLifecycle', () => ({
  ...jest.requireActual('../../../src/store/appLifecycle'),
  reloadPage: jest.fn(),
}));

// A profile that fails to load logs out, and logout revokes the session on the server first.
const server = startMswServer(
  http.post(apiUrl('/api/user/logout'), () => HttpResponse.json({ error: false, message: 'Logged out' })),
);

function renderGuarded(initialEntries: string[], preloadedState?: AppPreloadedState) {
  return renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/" element={<RequireRole roles="MAPUSER">{<p>map screen</p>}</RequireRole>} />
        <Route
          path="/settings"
          element={<RequireRole roles="MAPUSER">{<p>settings screen</p>}</RequireRole>}
        />
        <Route path="/plans" element={<p>plans screen</p>} />
        <Route path="/login" element={<p>login screen</p>} />
      </Route>
    </Routes>,
    { initialEntries, preloadedState },
  );
}

/** The profile requests started so far (RTK Query records each in the store as it starts). */
function profileRequests(state: { [ssoApi.reducerPath]: ReturnType<typeof ssoApi.reducer> }) {
  return Object.values(state[ssoApi.reducerPath].queries).filter(
    (query) => query?.endpointName === 'getProfile',
  );
}

const dealer = () => sessionFixture({ profile: profileFixture({ roles: ['DEALER'] }) });

beforeEach(() => {
  localStorage.clear();
  jest.mocked(reloadPage).mockClear();
});

describe('route guard (spec §4)', () => {
  it('sends a visitor without a token to /login', () => {
    renderGuarded(['/settings']);
    expect(screen.getByText('login screen')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('shows the screen to a user whose profile has the role', () => {
    renderGuarded(['/settings'], fixtureState('signed-in-map-user'));
    expect(screen.getByText('settings screen')).toBeInTheDocument();
  });

  it('at / clears the session of a user without the role and sends them to /login', () => {
    const { store } = renderGuarded(['/'], { session: dealer() });
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(store.getState().session).toMatchObject({ ssoToken: null, mainToken: null, profile: null });
  });

  it("elsewhere refuses the navigation with 'DENIED ACCESS' and keeps the session", async () => {
    const { store } = renderGuarded(['/plans', '/settings'], { session: dealer() });
    expect(await screen.findByRole('alert')).toHaveTextContent('DENIED ACCESS');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/plans'));
    expect(screen.queryByText('settings screen')).not.toBeInTheDocument();
    expect(store.getState().session.ssoToken?.value).toBe('sso-token');
  });

  it("shows 'DENIED ACCESS' in place of the screen when there is nowhere to go back to", async () => {
    renderGuarded(['/settings'], { session: dealer() });
    expect(await screen.findByRole('alert')).toHaveTextContent('DENIED ACCESS');
    expect(screen.getByTestId('location').textContent).toBe('/settings');
    expect(screen.queryByText('settings screen')).not.toBeInTheDocument();
  });

  it('reloads a profile older than 600 s and decides with the fresh one', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('/api/admin/profile'), ({ request }) => {
        calls += 1;
        expect(request.headers.get('Authorization')).toBe('Bearer sso-token');
        return HttpResponse.json(profileFixture({ name: 'Fresh Name' }));
      }),
    );
    const staleSince = Date.now() - (PROFILE_CACHE_S + 1) * 1000;
    const { store } = renderGuarded(['/settings'], {
      session: sessionFixture({
        profile: profileFixture({ name: 'Old Name' }),
        profileFetchedAt: staleSince,
      }),
    });
    expect(profileRequests(store.getState())).toHaveLength(1);
    await waitFor(() => expect(store.getState().session.profile?.name).toBe('Fresh Name'));
    expect(store.getState().session.profileFetchedAt).toBeGreaterThan(staleSince);
    expect(screen.getByText('settings screen')).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('does not reload a profile younger than 600 s', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('/api/admin/profile'), () => ((calls += 1), HttpResponse.json(profileFixture()))),
    );
    const { store } = renderGuarded(['/settings'], {
      session: sessionFixture({ profileFetchedAt: Date.now() - (PROFILE_CACHE_S - 5) * 1000 }),
    });
    expect(screen.getByText('settings screen')).toBeInTheDocument();
    // A reload starts in the guard's effect, during the render: none was started (no wait on the clock needed).
    expect(profileRequests(store.getState())).toEqual([]);
    expect(calls).toBe(0);
  });

  it('loads the missing profile of a user who has only a token', async () => {
    server.use(http.get(apiUrl('/api/admin/profile'), () => HttpResponse.json(profileFixture())));
    renderGuarded(['/settings'], { session: sessionFixture({ profile: null, profileFetchedAt: null }) });
    expect(await screen.findByText('settings screen')).toBeInTheDocument();
  });

  it.each([
    ['an error', () => HttpResponse.json({ error: true, message: 'boom' }, { status: 500 })],
    ['no data', () => HttpResponse.json(null)],
  ])("logs out with 'Error loading profile' when the profile load gives %s", async (_case, answer) => {
    server.use(http.get(apiUrl('/api/admin/profile'), answer));
    localStorage.setItem('user-language', 'en');
    const { store } = renderGuarded(['/settings'], {
      session: sessionFixture({ profile: null, profileFetchedAt: null }),
    });
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(store.getState().session.ssoToken).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading profile');
  });
});
