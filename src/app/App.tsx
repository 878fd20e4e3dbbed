import { useEffect } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { IntlRoot } from '../features/i18n/IntlRoot';
import { AppRouter } from './AppRouter';
import { flushSessionOnPageHide } from './flushSessionOnPageHide';
import type { AppStore } from './store';

/** The whole app: store, restored session (written out when the page goes), i18n + theme, router. */
export function App({ store, persistor }: { store: AppStore; persistor: Persistor }) {
  useEffect(() => flushSessionOnPageHide(persistor), [persistor]);
  return (
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <IntlRoot>
          <AppRouter />
        </IntlRoot>
      </PersistGate>
    </Provider>
  );
}
