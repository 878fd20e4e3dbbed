import { runtimeConfig } from '../../config/runtimeConfig';
import type { MapLayerId } from '../../contract/MapLayers';
import type { RuntimeConfig } from '../../contract/RuntimeConfig';
import { OUTSIDE_TILE_TIMEOUT_MS } from '../../lib/timing';

type OutsideServiceKey = 'terrainTilesUrl' | 'satelliteTilesUrl';

/** The layers drawn from an outside service, by the runtime-config URL of that service. */
const LAYER_SERVICES: Partial<Record<MapLayerId, OutsideServiceKey>> = {
  satellite: 'satelliteTilesUrl',
  terrain: 'terrainTilesUrl',
};

/** The style placeholders that name an outside service (their URLs get the timed scheme below). */
export const OUTSIDE_SERVICE_KEYS: ReadonlySet<string> = new Set<OutsideServiceKey>([
  'terrainTilesUrl',
  'satelliteTilesUrl',
]);

/**
 * Whether a layer is offered: a deployment without internet switches an outside service off
 * (TERRAIN_TILES_URL=off, SATELLITE_TILES_URL=off), and its layer leaves the panel and shared links.
 */
export function layerOffered(id: MapLayerId, config: RuntimeConfig = runtimeConfig()): boolean {
  const service = LAYER_SERVICES[id];
  return !service || config[service] !== null;
}

/**
 * Tiles of outside services (the satellite imagery and the terrain's elevation, configured by the
 * deployment) go through this URL scheme, so a service that does not answer fails within
 * OUTSIDE_TILE_TIMEOUT_MS instead of hanging (a service that answers other tiles meanwhile is only slow): the layer then goes off with the panel's "cannot be reached",
 * and nothing asks again until the user switches it on.
 */
export const OUTSIDE_TILE_SCHEME = 'outside-tile';

/** `outside-tile://https://host/…` ↔ `https://host/…`. */
export function outsideTileUrl(url: string): string {
  return `${OUTSIDE_TILE_SCHEME}://${url}`;
}

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
 * Fetches an outside tile, given up when its host has not answered anything for OUTSIDE_TILE_TIMEOUT_MS (an
 * unreachable service) or when the map no longer needs it.
 */
export async function fetchOutsideTile(url: string, signal: AbortSignal): Promise<ArrayBuffer> {
  const networkUrl = outsideNetworkUrl(url);
  const host = new URL(networkUrl).host;
  const service = networkUrl.replace(/\/\d+\/\d+\/\d+[^/]*$/, '');
  const timeout = new AbortController();
  const startedAt = Date.now();
  // Aborts once the service has been silent for a timeout since the request or its last answer to any tile.
  const check = () => {
    const now = Date.now();
    const silentFor = now - Math.max(startedAt, lastAnswerAt.get(service) ?? 0);
    const capLeft = startedAt + MAX_TIMEOUTS_WHILE_ANSWERING * OUTSIDE_TILE_TIMEOUT_MS - now;
    if (silentFor >= OUTSIDE_TILE_TIMEOUT_MS || capLeft <= 0) timeout.abort();
    else timer = setTimeout(check, Math.min(OUTSIDE_TILE_TIMEOUT_MS - silentFor, capLeft));
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
