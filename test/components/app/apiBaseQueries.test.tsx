import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { mainApi } from '../../../src/api/mainApi';
import { paymentApi } from '../../../src/api/paymentApi';
import { ssoApi } from '../../../src/api/ssoApi';
import { AppLayout } from '../../../src/app/layouts/AppLayout';
import type { AppPreloadedState } from '../../../src/store/storeTypes';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders, storeWithRouter } from '../renderWithProviders';
import { profileFixture, sessionFixture } from '../sessionFixture';

// Test-only endpoints, one per host, to drive the base queries.
const sso = ssoApi.injectEndpoints({
  endpoints: (build) => ({
    ssoEcho: build.query<unknown, void>({ query: () => 'api/test/echo' }),
    ssoPublicEcho: build.query<unknown, void>({
      query: () => 'api/test/echo',
      extraOptions: { anonymous: true },
    }),
  }),
});
const main = mainApi.injectEndpoints({
  endpoints: (build) => ({ mainEcho: build.query<unknown, void>({ query: () => 'test/echo' }) }),
});
const payment = paymentApi.injectEndpoints({
  endpoints: (build) => ({ paymentEcho: build.query<unknown, void>({ query: () => 'test/echo' }) }),
});

interface Seen {
  url: string;
  method: string;
  authorization: string | null;
  langcode: string | null;
}
let seen: Seen[] = [];

function record(request: Request) {
  seen.push({
    url: request.url,
    method: request.method,
    authorization: request.headers.get('Authorization'),
    langcode: request.headers.get('langcode'),
  });
}

const echo = ({ request }: { request: Request }) => {
  record(request);
  return HttpResponse.json({ ok: true });
};

const server = startMswServer(
  http.get(apiUrl('/api/test/echo'), echo),
  http.get(apiUrl('/v1/secure/test/echo'), echo),
  http.get(apiUrl('/v1/secure/payment/test/echo'), echo),
  http.post(apiUrl('/v1/secure/user/authorize'), ({ request }) => {
    record(request);
    return HttpResponse.json({
      token: 'fresh-main-token',
      profile: profileFixture({ name: 'From Authorize' }),
    });
  }),
);

beforeEach(() => {
  seen = [];
  localStorage.clear();
});

let router: ReturnType<typeof storeWithRouter>['router'];

function storeWith(preloadedState?: AppPreloadedState) {
  const made = storeWithRouter(preloadedState);
  router = made.router;
  return made.store;
}

describe('the single-sign-on base query', () => {
  it('sends the SSO token as bearer and the stored language as langcode', async () => {
    const store = storeWith({ session: sessionFixture(), language: { chosen: 'fr' } });
    await store.dispatch(sso.endpoints.ssoEcho.initiate());
    expect(seen).toEqual([
      { url: apiUrl('/api/test/echo'), method: 'GET', authorization: 'Bearer sso-token', langcode: 'fr' },
    ]);
  });

  it('sends no langcode when no language is stored, and no bearer on a public call', async () => {
    const store = storeWith({ session: sessionFixture() });
    await store.dispatch(sso.endpoints.ssoPublicEcho.initiate());
    expect(seen).toEqual([
      { url: apiUrl('/api/test/echo'), method: 'GET', authorization: null, langcode: null },
    ]);
  });

  it('calls the host named in the runtime config', async () => {
    window.__PARCEL_ATLAS_CONFIG__ = { ssoUrl: 'https://sso.example.ch/' };
    server.use(http.get('https://sso.example.ch/api/test/echo', echo));
    try {
      await storeWith().dispatch(sso.endpoints.ssoEcho.initiate());
      expect(seen.map((request) => request.url)).toEqual(['https://sso.example.ch/api/test/echo']);
    } finally {
      delete window.__PARCEL_ATLAS_CONFIG__;
    }
  });
});

describe('the main-server and payment base queries (spec §7, §8)', () => {
  it('use the main-server token as bearer', async () => {
    const store = storeWith({ session: sessionFixture() });
    await store.dispatch(main.endpoints.mainEcho.initiate());
    await store.dispatch(payment.endpoints.paymentEcho.initiate());
    expect(seen.map(({ url, authorization }) => [url, authorization])).toEqual([
      [apiUrl('/v1/secure/test/echo'), 'Bearer main-token'],
      [apiUrl('/v1/secure/payment/test/echo'), 'Bearer main-token'],
    ]);
  });

  it('authorise first with the SSO token when there is no main-server token, then make the call', async () => {
    const store = storeWith({ session: sessionFixture({ mainToken: null }) });
    const result = await store.dispatch(main.endpoints.mainEcho.initiate());
    expect(result.data).toEqual({ ok: true });
    expect(seen.map(({ url, method, authorization }) => [method, url, authorization])).toEqual([
      ['POST', apiUrl('/v1/secure/user/authorize'), 'Bearer sso-token'],
      ['GET', apiUrl('/v1/secure/test/echo'), 'Bearer fresh-main-token'],
    ]);
    expect(store.getState().session.mainToken?.value).toBe('fresh-main-token');
    expect(store.getState().session.profile?.name).toBe('From Authorize');
  });

  it('authorise once for several calls made at the same time', async () => {
    const store = storeWith({ session: sessionFixture({ mainToken: null }) });
    await Promise.all([
      store.dispatch(main.endpoints.mainEcho.initiate()),
      store.dispatch(payment.endpoints.paymentEcho.initiate()),
    ]);
    expect(seen.filter((request) => request.url.endsWith('/user/authorize'))).toHaveLength(1);
    expect(seen).toHaveLength(3);
  });

  it('block the call when there is no token at all', async () => {
    const store = storeWith();
    const result = await store.dispatch(main.endpoints.mainEcho.initiate());
    expect(result.isError).toBe(true);
    expect(seen).toEqual([]);
  });

  it('re-authorise once when the main server refuses its token with 401', async () => {
    let refused = false;
    server.use(
      http.get(apiUrl('/v1/secure/test/echo'), ({ request }) => {
        record(request);
        if (!refused) {
          refused = true;
          return HttpResponse.json({ error: true, message: 'expired' }, { status: 401 });
        }
        return HttpResponse.json({ ok: true });
      }),
    );
    const store = storeWith({ session: sessionFixture() });
    const result = await store.dispatch(main.endpoints.mainEcho.initiate());
    expect(result.data).toEqual({ ok: true });
    expect(seen.map(({ method, authorization }) => [method, authorization])).toEqual([
      ['GET', 'Bearer main-token'],
      ['POST', 'Bearer sso-token'],
      ['GET', 'Bearer fresh-main-token'],
    ]);
  });
});

describe('any 403 (spec §8)', () => {
  it('shows the access-denied snackbar, clears the session and goes to /login', async () => {
    server.use(
      http.get(apiUrl('/v1/secure/test/echo'), () =>
        HttpResponse.json({ error: true, message: 'no' }, { status: 403 }),
      ),
    );
    const { store } = renderWithProviders(
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/plans" element={<p>plans screen</p>} />
          <Route path="/login" element={<p>login screen</p>} />
        </Route>
      </Routes>,
      { initialEntries: ['/plans'], preloadedState: { session: sessionFixture() } },
    );
    await act(() => store.dispatch(main.endpoints.mainEcho.initiate()));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access denied. Please login with correct credentials to access the system',
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(store.getState().session).toMatchObject({ ssoToken: null, mainToken: null, profile: null });
  });

  it('is triggered by a 403 of the authorisation too, and not by other errors', async () => {
    server.use(
      http.post(apiUrl('/v1/secure/user/authorize'), () =>
        HttpResponse.json({ error: true }, { status: 403 }),
      ),
      http.get(apiUrl('/api/test/echo'), () => HttpResponse.json({ error: true }, { status: 500 })),
    );
    const store = storeWith({ session: sessionFixture({ mainToken: null }) });
    await store.dispatch(sso.endpoints.ssoEcho.initiate());
    expect(store.getState().ui.snackbars).toEqual([]);
    expect(store.getState().session.ssoToken).not.toBeNull();
    await store.dispatch(main.endpoints.mainEcho.initiate());
    expect(store.getState().ui.snackbars.map((snackbar) => snackbar.message)).toEqual([
      { id: 'error.accessDenied' },
    ]);
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session.ssoToken).toBeNull();
  });
});

describe('a 401 that re-authorising once does not cure', () => {
  const refuseEverything = () =>
    server.use(
      http.get(apiUrl('/v1/secure/test/echo'), ({ request }) => {
        record(request);
        return HttpResponse.json({ error: true, message: 'Session ended' }, { status: 401 });
      }),
      http.get(apiUrl('/v1/secure/payment/test/echo'), () =>
        HttpResponse.json({ error: true, message: 'Session ended' }, { status: 401 }),
      ),
      http.post(apiUrl('/v1/secure/user/authorize'), ({ request }) => {
        record(request);
        return HttpResponse.json({ error: true, message: 'Session ended' }, { status: 401 });
      }),
    );

  it('ends the session like a 403: snackbar, cleared session, /login', async () => {
    refuseEverything();
    const { store } = renderWithProviders(
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/plans" element={<p>plans screen</p>} />
          <Route path="/login" element={<p>login screen</p>} />
        </Route>
      </Routes>,
      { initialEntries: ['/plans'], preloadedState: { session: sessionFixture() } },
    );
    await act(() => store.dispatch(main.endpoints.mainEcho.initiate()));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your session has ended. Please log in again.',
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(store.getState().session).toMatchObject({ ssoToken: null, mainToken: null, profile: null });
    // It tried once more with a fresh authorisation before giving up, and not again.
    expect(seen.map(({ method }) => method)).toEqual(['GET', 'POST']);
  });

  it('reports once when several calls are refused together, and not when the retry succeeds', async () => {
    refuseEverything();
    const store = storeWith({ session: sessionFixture() });
    await Promise.all([
      store.dispatch(main.endpoints.mainEcho.initiate()),
      store.dispatch(payment.endpoints.paymentEcho.initiate()),
    ]);
    expect(store.getState().ui.snackbars.map((snackbar) => snackbar.message)).toEqual([
      { id: 'error.sessionEnded' },
    ]);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('leaves the session alone when the re-authorised call succeeds', async () => {
    let refused = false;
    server.use(
      http.get(apiUrl('/v1/secure/test/echo'), () => {
        if (refused) return HttpResponse.json({ ok: true });
        refused = true;
        return HttpResponse.json({ error: true }, { status: 401 });
      }),
    );
    const store = storeWith({ session: sessionFixture() });
    await store.dispatch(main.endpoints.mainEcho.initiate());
    expect(store.getState().ui.snackbars).toEqual([]);
    expect(store.getState().session.ssoToken).not.toBeNull();
  });
});
