import { OUTSIDE_TILE_TIMEOUT_MS } from '../../lib/timing';
import { OUTSIDE_TILE_SCHEME } from './outsideServices';

/*
 * The watchdog of outside tiles, apart from the layers' configuration (outsideServices) because only the map's
 * chunk needs it: the first load of /login carries the configuration for the URL's layers, not this.
 */

/** `outside-tile://https://host/…` → `https://host/…`. */
export function outsideNetworkUrl(url: string): string {
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
 * A check that runs this much later than it was due shows a page too busy to run its tasks (a long frame: terrain
 * under software WebGL draws for seconds): an answer may be waiting in the page's own queue, so silence restarts.
 */
const PAGE_BUSY_LATENESS_MS = 500;

/** A tile's watchdog: since when its service counts as silent, and when it was to look again. */
interface TileWatch {
  startedAt: number;
  listeningSince: number;
  dueAt: number;
}

/**
 * The watchdog's look at `now`: give up after OUTSIDE_TILE_TIMEOUT_MS without an answer from the service while
 * the page was listening (time the page spent busy is not the service's silence), or after the cap whatever answers.
 */
function watchTile(
  watch: TileWatch,
  now: number,
  lastAnswerAt: number,
): { giveUp: true } | { giveUp: false; next: TileWatch } {
  const listeningSince = now - watch.dueAt > PAGE_BUSY_LATENESS_MS ? now : watch.listeningSince;
  const silentFor = now - Math.max(listeningSince, lastAnswerAt);
  const capLeft = watch.startedAt + MAX_TIMEOUTS_WHILE_ANSWERING * OUTSIDE_TILE_TIMEOUT_MS - now;
  if (silentFor >= OUTSIDE_TILE_TIMEOUT_MS || capLeft <= 0) return { giveUp: true };
  const dueAt = now + Math.min(OUTSIDE_TILE_TIMEOUT_MS - silentFor, capLeft);
  return { giveUp: false, next: { ...watch, listeningSince, dueAt } };
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
  let watch: TileWatch = { startedAt, listeningSince: startedAt, dueAt: startedAt + OUTSIDE_TILE_TIMEOUT_MS };
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
