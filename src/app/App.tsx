import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { IntlRoot } from '../features/i18n/IntlRoot';
import { flushSessionOnPageHide, type DataRouter } from '../store/appLifecycle';
import type { AppStore } from '../store/storeTypes';

export interface AppProps {
  store: AppStore;
  persistor: Persistor;
  /** The router the store's listeners were given (makeStore({ router })). */
  router: DataRouter;
}

/** The whole app: store, restored session (written out when the page goes), i18n + theme, router. */
export function App({ store, persistor, router }: AppProps) {
  useEffect(() => flushSessionOnPageHide(persistor), [persistor]);
  return (
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <IntlRoot>
          <RouterProvider router={router} />
        </IntlRoot>
      </PersistGate>
    </Provider>
  );
}
