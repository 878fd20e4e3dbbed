import { useSyncExternalStore } from 'react';

/** The system setting "reduce motion" (macOS, Windows, iOS, Android and GNOME all have one). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the user asked the system for less motion (WCAG 2.3.3), following the setting as it changes: the
 * app's dialogs, drawers and sheets then appear without sliding or zooming. MapLibre reads the same setting
 * itself and jumps where it would fly.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
