import { useState } from 'react';

/**
 * True from the first render where `value` is true on: a part loaded lazily (the parcel drawer, the
 * advanced dialog) mounts when first needed and then stays mounted, so its closing animation still runs.
 */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  // Setting state while rendering is React's way to derive it from a changed input (no extra effect pass).
  if (value && !seen) setSeen(true);
  return seen || value;
}
