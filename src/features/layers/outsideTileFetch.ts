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
 * A tile waits at most this many timeouts while its service keeps answering other tiles: the browser sends a few
 * requests per host at a time, so a burst of terrain tiles on a slow link queues behind itself.
 */
const MAX_TIMEOUTS_WHILE_ANSWERING = 4;

/**
 * A look that runs this much later than it was due shows a page too busy to run its tasks (a long frame: terrain
 * under software WebGL draws for seconds): until that look the page could not read an answer, so it saw nothing.
 */
const PAGE_BUSY_LATENESS_MS = 500;

/**
 * The status a tile is given up with when its service answers others but not it within the cap: the map goes on
 * without that one tile and the layer is not failed (the service is slow, not unreachable).
 */
export const TILE_WAITED_TOO_LONG_STATUS = 408;

/** A tile's watchdog: when its request went out, when it is to look next, and until when the page was blind. */
interface TileWatch {
  startedAt: number;
  dueAt: number;
  blindUntil: number;
}

type Look = { giveUp: 'unreachable' | 'waitedTooLong' } | { giveUp: false; next: TileWatch };

/**
 * The watchdog's look at `now`. Silence counts only while the page could see: from the request, the service's last
 * answer or the end of the page's last long task (a late look), whichever is latest. OUTSIDE_TILE_TIMEOUT_MS of it
 * is an unreachable service; so is one that answered nothing by the cap (a page busy throughout never saw silence),
 * while a tile still waiting at the cap behind a service that answers others is given up alone.
 */
function watchTile(watch: TileWatch, now: number, lastAnswerAt: number): Look {
  const blindUntil = now - watch.dueAt > PAGE_BUSY_LATENESS_MS ? now : watch.blindUntil;
  const silentFor = now - Math.max(watch.startedAt, lastAnswerAt, blindUntil);
  if (silentFor >= OUTSIDE_TILE_TIMEOUT_MS) return { giveUp: 'unreachable' };
  const capLeft = watch.startedAt + MAX_TIMEOUTS_WHILE_ANSWERING * OUTSIDE_TILE_TIMEOUT_MS - now;
  if (capLeft <= 0) return { giveUp: lastAnswerAt > watch.startedAt ? 'waitedTooLong' : 'unreachable' };
  const dueAt = now + Math.min(OUTSIDE_TILE_TIMEOUT_MS - silentFor, capLeft);
  return { giveUp: false, next: { ...watch, dueAt, blindUntil } };
}

/**
 * Fetches an outside tile, given up when its service has not answered anything for OUTSIDE_TILE_TIMEOUT_MS (an
 * unreachable service), when it waited past the cap, or when the map no longer needs it.
 */
export async function fetchOutsideTile(url: string, signal: AbortSignal): Promise<ArrayBuffer> {
  const networkUrl = outsideNetworkUrl(url);
  const host = new URL(networkUrl).host;
  const service = networkUrl.replace(/\/\d+\/\d+\/\d+[^/]*$/, '');
  const timeout = new AbortController();
  const startedAt = Date.now();
  let watch: TileWatch = { startedAt, dueAt: startedAt + OUTSIDE_TILE_TIMEOUT_MS, blindUntil: startedAt };
  const check = () => {
    const now = Date.now();
    const look = watchTile(watch, now, lastAnswerAt.get(service) ?? 0);
    // The reason says which of the two the catch below reports.
    if (look.giveUp) return timeout.abort(look.giveUp);
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
    if (timeout.signal.reason === 'waitedTooLong')
      throw new OutsideTileError(
        `Tile ${networkUrl} still unanswered after ${(MAX_TIMEOUTS_WHILE_ANSWERING * OUTSIDE_TILE_TIMEOUT_MS) / 1000} s while ${host} answers others`,
        TILE_WAITED_TOO_LONG_STATUS,
      );
    throw new OutsideTileError(`${host} did not answer within ${OUTSIDE_TILE_TIMEOUT_MS} ms`);
  } finally {
    clearTimeout(timer);
  }
}
