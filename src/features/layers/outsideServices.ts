import { runtimeConfig } from '../../config/runtimeConfig';
import type { MapLayerId } from '../../contract/MapLayers';
import type { RuntimeConfig } from '../../contract/RuntimeConfig';

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
 * deployment) go through this URL scheme, so a service that does not answer fails within seconds instead of
 * hanging (outsideTileFetch): the layer then goes off with the panel's "cannot be reached", and nothing asks
 * again until the user switches it on.
 */
export const OUTSIDE_TILE_SCHEME = 'outside-tile';

/** `https://host/…` → `outside-tile://https://host/…`. */
export function outsideTileUrl(url: string): string {
  return `${OUTSIDE_TILE_SCHEME}://${url}`;
}
