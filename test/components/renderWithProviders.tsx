import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router';
import { AntdTheme } from '../../src/theme/AntdTheme';
import type { DataRouter } from '../../src/store/appLifecycle';
import { makeStore } from '../../src/app/store';
import type { AppPreloadedState } from '../../src/store/storeTypes';
import { IntlRoot } from '../../src/features/i18n/IntlRoot';

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** State to start from (any slice; the session without redux-persist's `_persist`). */
  preloadedState?: AppPreloadedState;
  /** Router history, e.g. ['/plans', '/settings'] (the last one is current). */
  initialEntries?: string[];
  /** Route pattern the node is mounted at, so useParams works: e.g. '/invite/:key'. */
  path?: string;
  /** Wraps the node in AntdTheme (antd's ConfigProvider); default true. */
  antdTheme?: boolean;
}

/** Shows the router's current location so tests can assert navigations: `screen.getByTestId('location')`. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{`${pathname}${search}`}</div>;
}

/**
 * A memory router built the way the app builds its browser router: one splat route whose component is
 * `element` (the app passes AppRoutes). Without an element it renders nothing: for store-only tests.
 */
export function memoryRouter(
  initialEntries: string[] = ['/'],
  element: ReactElement | null = null,
): DataRouter {
  return createMemoryRouter([{ path: '*', element }], {
    initialEntries,
    initialIndex: initialEntries.length - 1,
  });
}

/** A store as the app makes it, with a memory router as its listeners' `extra`: `{ store, router }`. */
export function storeWithRouter(preloadedState?: AppPreloadedState, initialEntries: string[] = ['/']) {
  const router = memoryRouter(initialEntries);
  return { store: makeStore({ router, preloadedState }), router };
}

/**
 * Renders a node with a fresh store, react-intl (the IntlRoot of the app), antd's theme and texts (the
 * AntdTheme that AppRoutes loads with every screen built on antd, so screens rendered directly get it too;
 * `antdTheme: false` renders without it, as the app renders the login screen) and a memory data router that
 * is also the store's (navigations of listeners show). Returns the store and the router next to RTL's
 * queries. Pass `<AppRoutes />` as the node to render the whole route table.
 */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}) {
  const { preloadedState, initialEntries = ['/'], path, antdTheme = true, ...renderOptions } = options;
  const content = path ? (
    <Routes>
      <Route path={path} element={ui} />
    </Routes>
  ) : (
    ui
  );
  const router = memoryRouter(
    initialEntries,
    <>
      {content}
      <LocationProbe />
    </>,
  );
  const store = makeStore({ router, preloadedState });
  const view = render(
    <Provider store={store}>
      <IntlRoot>
        {antdTheme ? (
          <AntdTheme>
            <RouterProvider router={router} />
          </AntdTheme>
        ) : (
          <RouterProvider router={router} />
        )}
      </IntlRoot>
    </Provider>,
    renderOptions,
  );
  return { store, router, ...view };
}
