import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { IntlRoot } from '../features/i18n/IntlRoot';
import { AppRouter } from './AppRouter';
import type { AppStore } from './store';

/** The whole app: store, restored session, i18n + theme, router. */
export function App({ store, persistor }: { store: AppStore; persistor: Persistor }) {
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
