import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * While the map is still loading, at most one frame in this long is drawn: with 3D terrain a frame takes the
 * tests' software WebGL seconds, so a shorter gap kept it drawing without pause (ADR 083).
 */
export const LOADING_FRAME_GAP_MS = 3000;

/**
 * Under WebDriver (the browser tests) the map draws a frame when it has loaded what it shows, and at most one in
 * LOADING_FRAME_GAP_MS while it loads; a frame left out is drawn when the gap is over, so the newest state is
 * always on screen within it. maplibre draws a frame for each tile that arrives, and with 3D terrain each of
 * those frames renders every terrain tile's texture again: seconds of CPU in the tests' software WebGL for a
 * frame no test looks at, since the tests read and picture the loaded map (ADR 083, as with the fades in ADR
 * 074). Everything else about a frame — the tiles asked for, label placement, `idle` — runs as before: only the
 * drawing is left out.
 */
export function drawSettledFramesOnly(map: MapLibreMap): void {
  const { painter } = map;
  const draw = painter.render.bind(painter);
  let lastDrawn = Number.NEGATIVE_INFINITY;
  let followUp: ReturnType<typeof setTimeout> | undefined;
  painter.render = (...frame) => {
    const now = performance.now();
    const wait = lastDrawn + LOADING_FRAME_GAP_MS - now;
    if (wait > 0 && !map.loaded()) {
      followUp ??= setTimeout(() => {
        followUp = undefined;
        map.triggerRepaint();
      }, wait);
      return;
    }
    lastDrawn = now;
    draw(...frame);
  };
  map.once('remove', () => clearTimeout(followUp));
}
