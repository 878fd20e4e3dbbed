import { createAction } from '@reduxjs/toolkit';
import type { createMemoryRouter } from 'react-router';
import type { Persistor } from 'redux-persist';

/** Dispatched once by src/index.tsx after the persisted state is restored; starts the long-running listeners. */
export const appStarted = createAction('app/started');

/** Throws away the client state (logout): every slice starts again from its initial state, bar the snackbars. */
export const appReset = createAction('app/reset');

/** Where the router now is; `navigation` is how it got there ('POP' for the start and for back/forward). */
export interface AppLocation {
  pathname: string;
  search: string;
  navigation: 'POP' | 'PUSH' | 'REPLACE';
}

/**
 * The router moved (makeStore reports the start location and every change). Plain data, so DevTools and
 * replayed fixtures see navigations as actions.
 */
export const locationChanged = createAction<AppLocation>('app/locationChanged');

/** A data router (createBrowserRouter in the app, createMemoryRouter in tests); both have this shape. */
export type DataRouter = ReturnType<typeof createMemoryRouter>;

/**
 * What listeners get of the router as the listener middleware's `extra`: `navigate` to go somewhere,
 * `state.location` and `subscribe` to know where the app is. It lives outside the store.
 */
export type AppRouter = Pick<DataRouter, 'navigate' | 'subscribe' | 'state'>;

/** Reloads the page; a named export here so component tests can replace it (jsdom cannot navigate). */
export function reloadPage(): void {
  window.location.reload();
}

/**
 * redux-persist writes a change a few timer ticks later, and a busy page (the map loading) delays those
 * ticks further: a reload or full navigation in that window would lose the newest token or profile.
 * Flushing on `pagehide` writes what is still queued (synchronously for localStorage) before the page goes.
 * Returns the unsubscribe function.
 */
export function flushSessionOnPageHide(persistor: Persistor): () => void {
  const flush = () => {
    void persistor.flush();
  };
  window.addEventListener('pagehide', flush);
  return () => window.removeEventListener('pagehide', flush);
}
