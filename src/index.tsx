import './app/global.css';
import { createRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';
import { App } from './app/App';
import { appStarted } from './store/appLifecycle';
import { createAppRouter } from './app/AppRouter';
import { makeStore } from './app/store';
import { DEFAULT_LANGUAGE, languageFromSearch, storedLanguage } from './features/i18n/Language';
import { loadLanguage } from './features/i18n/languageResources';
import { registerServiceWorker } from './features/notifications/pushBrowser';

const router = createAppRouter();
const store = makeStore({ router });
// The cleaner and other long-running listeners start once the persisted session is back.
const persistor = persistStore(store, null, () => store.dispatch(appStarted()));

// The active language's catalogue (a `lang` parameter wins, as the URL-state table's listener applies it) is here
// before the first render, so no message key shows; English is bundled, the others are small chunks.
const language = languageFromSearch(window.location.search) ?? storedLanguage() ?? DEFAULT_LANGUAGE;
void loadLanguage(language)
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <App store={store} persistor={persistor} router={router} />,
    ),
  );

// The service worker shows web push notifications (public/sw.js); it lives outside the store.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    registerServiceWorker().catch(() => undefined);
  });
}
