import type { Persistor } from 'redux-persist';

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
