import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { makeStore, type AppPreloadedState, type AppStore } from '../../src/app/store';
import { IntlRoot } from '../../src/features/i18n/IntlRoot';

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** State to start from (any slice; the session without redux-persist's `_persist`). */
  preloadedState?: AppPreloadedState;
  /** A ready store instead of a fresh one. */
  store?: AppStore;
  /** MemoryRouter history, e.g. ['/plans', '/settings'] (the last one is current). */
  initialEntries?: string[];
  /** Route pattern the node is mounted at, so useParams works: e.g. '/invite/:key'. */
  path?: string;
}

/** Shows the router's current location so tests can assert navigations: `screen.getByTestId('location')`. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{`${pathname}${search}`}</div>;
}

/**
 * Renders a node with a fresh store, react-intl + antd theme (the IntlRoot of the app) and a MemoryRouter.
 * Returns the store next to RTL's queries. Pass `<AppRoutes />` as the node to render the whole route table.
 */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}) {
  const {
    preloadedState,
    initialEntries = ['/'],
    path,
    store = makeStore(preloadedState),
    ...renderOptions
  } = options;
  const content = path ? (
    <Routes>
      <Route path={path} element={ui} />
    </Routes>
  ) : (
    ui
  );
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <IntlRoot>
          <MemoryRouter initialEntries={initialEntries} initialIndex={initialEntries.length - 1}>
            {children}
            <LocationProbe />
          </MemoryRouter>
        </IntlRoot>
      </Provider>
    );
  }
  return { store, ...render(content, { wrapper: Wrapper, ...renderOptions }) };
}
