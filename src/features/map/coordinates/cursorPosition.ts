/**
 * Where the pointer is over the map (WGS84), for the LV95 read-out. It changes on every mouse move, so
 * it is a tiny observable outside the store: dispatching 60 actions a second would re-run every
 * selector of the app. The map controller publishes; the read-out subscribes (useSyncExternalStore).
 */
type Position = [number, number] | null;

let current: Position = null;
const listeners = new Set<() => void>();

export function publishCursor(position: Position): void {
  if (
    position === current ||
    (position && current && position[0] === current[0] && position[1] === current[1])
  )
    return;
  current = position;
  for (const listener of listeners) listener();
}

export function cursorPosition(): Position {
  return current;
}

export function subscribeCursor(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
