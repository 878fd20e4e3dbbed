import type { MapLayerId } from '../../contract/MapLayers';
import { layerOffered } from './outsideServices';
import { knownLayerIds } from './layersSlice';

/** The map view's query parameter with the layers that are on (`layers=radon,floods`). */
export const LAYERS_URL_KEY = 'layers';

/** The layers a query string switches on, in panel order; those this deployment does not offer left out. */
export function layersFromQueryString(query: string): MapLayerId[] {
  const raw = new URLSearchParams(query).get(LAYERS_URL_KEY) ?? '';
  return knownLayerIds(raw.split(',').map((id) => id.trim())).filter((id) => layerOffered(id));
}

/** Whether two lists hold the same layers, in any order. */
export const sameLayers = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id) => b.includes(id));
