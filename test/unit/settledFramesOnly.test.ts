import type { Map as MapLibreMap } from 'maplibre-gl';
import { drawSettledFramesOnly, LOADING_FRAME_GAP_MS } from '../../src/features/map/settledFramesOnly';

/** The parts of a maplibre map the frame filter uses: its painter, loaded(), triggerRepaint() and 'remove'. */
function fakeMap() {
  const drawn = jest.fn();
  const onRemove: (() => void)[] = [];
  const state = { loaded: false, repaints: 0 };
  const map = {
    painter: { render: drawn },
    loaded: () => state.loaded,
    triggerRepaint: () => {
      state.repaints += 1;
      frame();
    },
    once: (event: string, listener: () => void) => {
      if (event === 'remove') onRemove.push(listener);
    },
  };
  /** One frame as maplibre's _render runs it: the painter's render with the frame's arguments. */
  const frame = () => (map.painter.render as (...args: unknown[]) => void)('style', 'transform', {});
  drawSettledFramesOnly(map as unknown as MapLibreMap);
  return { drawn, state, frame, remove: () => onRemove.forEach((listener) => listener()) };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('draws every frame of a loaded map, with the frame maplibre gave it', () => {
  const map = fakeMap();
  map.state.loaded = true;
  map.frame();
  map.frame();
  map.frame();
  expect(map.drawn).toHaveBeenCalledTimes(3);
  expect(map.drawn).toHaveBeenLastCalledWith('style', 'transform', {});
});

it('while the map loads, draws the first frame and then at most one in each gap', () => {
  const map = fakeMap();
  const step = LOADING_FRAME_GAP_MS / 10;
  map.frame();
  expect(map.drawn).toHaveBeenCalledTimes(1);
  for (let i = 0; i < 9; i++) {
    jest.advanceTimersByTime(step);
    map.frame(); // a tile arrived
  }
  // Nine tenths of the gap on: every one of those frames was left out.
  expect(map.drawn).toHaveBeenCalledTimes(1);
  jest.advanceTimersByTime(step);
  // A gap after the first, the frame left out last is drawn without waiting for another tile.
  expect(map.drawn).toHaveBeenCalledTimes(2);
  expect(map.state.repaints).toBe(1);
});

it('draws the newest state within the gap even when no other frame is asked for', () => {
  const map = fakeMap();
  map.frame();
  jest.advanceTimersByTime(300);
  map.frame(); // the last tile's frame, left out
  expect(map.drawn).toHaveBeenCalledTimes(1);
  jest.advanceTimersByTime(LOADING_FRAME_GAP_MS - 300);
  expect(map.drawn).toHaveBeenCalledTimes(2);
  jest.advanceTimersByTime(10 * LOADING_FRAME_GAP_MS);
  expect(map.drawn).toHaveBeenCalledTimes(2);
});

it('draws the frame in which the map has loaded at once, however soon after the last', () => {
  const map = fakeMap();
  map.frame();
  jest.advanceTimersByTime(50);
  map.state.loaded = true;
  map.frame();
  expect(map.drawn).toHaveBeenCalledTimes(2);
});

it('asks for no frame after the map is removed', () => {
  const map = fakeMap();
  map.frame();
  jest.advanceTimersByTime(100);
  map.frame();
  map.remove();
  jest.advanceTimersByTime(LOADING_FRAME_GAP_MS);
  expect(map.state.repaints).toBe(0);
  expect(map.drawn).toHaveBeenCalledTimes(1);
});
