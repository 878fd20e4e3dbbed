import { render, screen, waitFor } from '@testing-library/react';
import { persistStore, type Persistor } from 'redux-persist';
import { App } from '../../../src/app/App';
import { SESSION_PERSIST_KEY } from '../../../src/app/rootReducer';
import { createAppRouter } from '../../../src/app/AppRouter';
import { makeStore } from '../../../src/app/store';
import { setSsoToken } from '../../../src/features/auth/sessionSlice';
import { sessionFixture } from '../sessionFixture';

jest.mock('../../../src/features/mapView/MapViewScreen', () => ({ MapViewScreen: () => 'the map' }));
jest.mock('../../../src/features/plans/PlanDialog', () => ({ PlanDialog: () => null }));
jest.mock('../../../src/features/settings/useAvatarUrl', () => ({ useAvatarUrl: () => null }));
jest.mock('../../../src/features/plans/planEndpoints', () => ({
  ...jest.requireActual('../../../src/features/plans/planEndpoints'),
  usePlanProductName: () => null,
}));

/** The store and router as src/index.tsx makes them. */
function appStore() {
  const router = createAppRouter();
  return { router, store: makeStore({ router }) };
}

/** What redux-persist writes: an object whose values are JSON texts. */
function persisted(value: Record<string, unknown>): string {
  return JSON.stringify(
    Object.fromEntries(Object.entries(value).map(([key, item]) => [key, JSON.stringify(item)])),
  );
}

// The app's lazy routes (the map layout with its guard and antd's theme) compile on their first import:
// on a loaded machine that alone can take longer than a findBy wait. Compiling them here, with a timeout of
// its own, leaves the tests to wait for the app rather than for the compiler.
beforeAll(async () => {
  await Promise.all([
    import('../../../src/app/layouts/MapLayout'),
    import('../../../src/app/RequireRole'),
    import('../../../src/theme/AntdTheme'),
  ]);
}, 120_000);

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the app as src/index.tsx mounts it', () => {
  it('restores the stored session and language before routing, and starts once restored', async () => {
    const session = sessionFixture();
    localStorage.setItem(
      `persist:${SESSION_PERSIST_KEY}`,
      persisted({ ...session, _persist: { version: -1, rehydrated: true } }),
    );
    localStorage.setItem('user-language', 'it');
    const { store, router } = appStore();
    const started = jest.fn();
    const persistor = persistStore(store, null, started);
    render(<App store={store} persistor={persistor} router={router} />);

    expect(await screen.findByText('the map', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(screen.getByTestId('avatar')).toHaveTextContent('A');
    expect(document.documentElement.lang).toBe('it');
    expect(started).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('without a stored session lands on /login', async () => {
    const { store, router } = appStore();
    render(<App store={store} persistor={persistStore(store)} router={router} />);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });

  it('keeps a new token in localStorage under the session key', async () => {
    const { store } = appStore();
    const persistor = await new Promise<Persistor>((resolve) => {
      const created: Persistor = persistStore(store, null, () => resolve(created));
    });
    store.dispatch(setSsoToken('new-token'));
    await persistor.flush();
    const stored = JSON.parse(localStorage.getItem(`persist:${SESSION_PERSIST_KEY}`) ?? '{}');
    expect(JSON.parse(stored.ssoToken).value).toBe('new-token');
  });

  it('writes a session change still waiting for its timer when the page goes (reload or full navigation)', async () => {
    const { store, router } = appStore();
    const persistor = await new Promise<Persistor>((resolve) => {
      const created: Persistor = persistStore(store, null, () => resolve(created));
    });
    render(<App store={store} persistor={persistor} router={router} />);
    // Nothing else runs between these lines, so redux-persist's own timer-driven write cannot happen:
    // only the page-hide flush can have stored the token.
    store.dispatch(setSsoToken('token-before-reload'));
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    const stored = JSON.parse(localStorage.getItem(`persist:${SESSION_PERSIST_KEY}`) ?? '{}');
    expect(JSON.parse(stored.ssoToken).value).toBe('token-before-reload');
  });
});
