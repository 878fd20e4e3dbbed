import { OUTSIDE_TILE_TIMEOUT_MS } from '../../lib/timing';
import { OUTSIDE_TILE_SCHEME } from './outsideServices';

/*
 * The watchdog of outside tiles, apart from the layers' configuration (outsideServices) because only the map's
 * chunk needs it: the first load of /login carries the configuration for the URL's layers, not this.
 */

/** `outside-tile://https://host/…` → `https://host/…`. */
function outsideNetworkUrl(url: string): string {
  return url.slice(`${OUTSIDE_TILE_SCHEME}://`.length);
}

/** An outside tile's failure; `status` as the map engine's own errors carry it (404: outside coverage). */
export class OutsideTileError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * When each outside service (its URL without the tile's z/x/y) last answered a tile, whatever the status: a
 * service that answers is slow, not unreachable. By service, not host: one host may serve imagery and relief.
 */
const lastAnswerAt = new Map<string, number>();

/**
 * A tile waits at most this many timeouts while its host keeps answering other tiles: the browser sends a few
 * requests per host at a time, so a burst of terrain tiles on a slow link queues behind itself.
 */
const MAX_TIMEOUTS_WHILE_ANSWERING = 4;

/**
 * A look that runs this much later than it was due shows a page too busy to run its tasks (a long frame: terrain
 * under software WebGL draws for seconds), so an answer may be waiting in the page's own queue.
 */
const PAGE_BUSY_LATENESS_MS = 500;

/**
 * After a late look the watchdog looks once more this much later before it gives up: meanwhile the page reads
 * what waited in its queue, and an answer that came in time counts. A dead service still fails within seconds.
 */
const BUSY_PAGE_GRACE_MS = 1000;

/** A tile's watchdog: when its request went out, when it is to look next, and whether that look is a grace. */
interface TileWatch {
  startedAt: number;
  dueAt: number;
  grace: boolean;
}

/**
 * The watchdog's look at `now`: give up after OUTSIDE_TILE_TIMEOUT_MS without an answer from the service, or
 * after the cap whatever answers; a look that ran late first grants the page its grace.
 */
function watchTile(
  watch: TileWatch,
  now: number,
  lastAnswerAt: number,
): { giveUp: true } | { giveUp: false; next: TileWatch } {
  const silentFor = now - Math.max(watch.startedAt, lastAnswerAt);
  const capLeft = watch.startedAt + MAX_TIMEOUTS_WHILE_ANSWERING * OUTSIDE_TILE_TIMEOUT_MS - now;
  if (silentFor < OUTSIDE_TILE_TIMEOUT_MS && capLeft > 0) {
    const dueAt = now + Math.min(OUTSIDE_TILE_TIMEOUT_MS - silentFor, capLeft);
    return { giveUp: false, next: { ...watch, dueAt, grace: false } };
  }
  if (watch.grace || now - watch.dueAt <= PAGE_BUSY_LATENESS_MS) return { giveUp: true };
  return { giveUp: false, next: { ...watch, dueAt: now + BUSY_PAGE_GRACE_MS, grace: true } };
}

/**
 * Fetches an outside tile, given up when its host has not answered anything for OUTSIDE_TILE_TIMEOUT_MS (an
 * unreachable service) or when the map no longer needs it.
 */
export async function fetchOutsideTile(url: string, signal: AbortSignal): Promise<ArrayBuffer> {
  const networkUrl = outsideNetworkUrl(url);
  const host = new URL(networkUrl).host;
  const service = networkUrl.replace(/\/\d+\/\d+\/\d+[^/]*$/, '');
  const timeout = new AbortController();
  const startedAt = Date.now();
  let watch: TileWatch = { startedAt, dueAt: startedAt + OUTSIDE_TILE_TIMEOUT_MS, grace: false };
  const check = () => {
    const now = Date.now();
    const look = watchTile(watch, now, lastAnswerAt.get(service) ?? 0);
    if (look.giveUp) return timeout.abort();
    watch = look.next;
    timer = setTimeout(check, watch.dueAt - now);
  };
  let timer = setTimeout(check, OUTSIDE_TILE_TIMEOUT_MS);
  try {
    const response = await fetch(networkUrl, {
      credentials: 'omit',
      signal: AbortSignal.any([signal, timeout.signal]),
    });
    lastAnswerAt.set(service, Date.now());
    if (!response.ok)
      throw new OutsideTileError(`Tile ${networkUrl}: HTTP ${response.status}`, response.status);
    return await response.arrayBuffer();
  } catch (error) {
    if (!timeout.signal.aborted) throw error;
    throw new OutsideTileError(`${host} did not answer within ${OUTSIDE_TILE_TIMEOUT_MS} ms`);
  } finally {
    clearTimeout(timer);
  }
}
