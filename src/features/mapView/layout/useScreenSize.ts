import { useSyncExternalStore } from 'react';

/** The map view's three layouts (ADR 017). */
export type ScreenSize = 'phone' | 'tablet' | 'desktop';

/** Below this width the search becomes a bottom sheet and the drawer covers the screen, px. */
export const PHONE_MAX_WIDTH = 767;
/** Below this width the search panel can be folded away to give the map room, px. */
export const TABLET_MAX_WIDTH = 1199;

const PHONE_QUERY = `(max-width: ${PHONE_MAX_WIDTH}.98px)`;
const TABLET_QUERY = `(max-width: ${TABLET_MAX_WIDTH}.98px)`;

function current(): ScreenSize {
  if (window.matchMedia(PHONE_QUERY).matches) return 'phone';
  return window.matchMedia(TABLET_QUERY).matches ? 'tablet' : 'desktop';
}

function subscribe(onChange: () => void): () => void {
  const queries = [PHONE_QUERY, TABLET_QUERY].map((query) => window.matchMedia(query));
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

/** The layout the viewport's width asks for, following resizes and rotations. */
export function useScreenSize(): ScreenSize {
  return useSyncExternalStore(subscribe, current, () => 'desktop');
}
