import './app/global.css';
import { createRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';
import { App } from './app/App';
import { appStarted } from './app/appLifecycle';
import { createAppRouter } from './app/AppRouter';
import { makeStore } from './app/store';

const router = createAppRouter();
const store = makeStore({ router });
// The cleaner and other long-running listeners start once the persisted session is back.
const persistor = persistStore(store, null, () => store.dispatch(appStarted()));

createRoot(document.getElementById('root')!).render(
  <App store={store} persistor={persistor} router={router} />,
);
