import fs from 'node:fs';
import path from 'node:path';
import type { DataLayerId } from '../../../src/contract/MapLayers';
import type { LayerRepository } from '../../store/contract/layers/LayerRepository';
import { TRANSLATIONS_DIR } from '../i18n/ServerTranslator';
import { FEATURE_LAYERS } from './featureItems';
import { CRS84, LV95, mercatorBox, OGC_CRS, SWISS_BOUNDS } from './ogcCrs';

export type CollectionId = 'parcels' | 'buildings' | DataLayerId;

const isFeatureLayer = (id: string): id is DataLayerId => (FEATURE_LAYERS as string[]).includes(id);

export function isCollectionId(id: string): id is CollectionId {
  return id === 'parcels' || id === 'buildings' || isFeatureLayer(id);
}

/** The English layer names of the app's catalogue (the same titles the layer panel shows). */
let layerNames: Record<string, string> | null = null;
function layerTitle(id: DataLayerId): string {
  layerNames ??= JSON.parse(fs.readFileSync(path.join(TRANSLATIONS_DIR, 'en.json'), 'utf8')) as Record<
    string,
    string
  >;
  return layerNames[`layers.name.${id}`] ?? id;
}

const DESCRIPTIONS: Record<'parcels' | 'buildings', { title: string; description: string }> = {
  parcels: {
    title: 'Parcels',
    description:
      'Land parcels of the official survey with their register, zoning, ground, hazard and heritage attributes. ' +
      'The app’s search parameters (CANTON, LOCNAME, PRC_SUR_from …) filter the items. ' +
      'Every parcel returned counts once per plan period as a full view.',
  },
  buildings: {
    title: 'Buildings',
    description: 'Building footprints with their type, protection, height (m) and solar suitability (1–5).',
  },
};

export function collectionTitle(id: CollectionId): { title: string; description: string } {
  if (id === 'parcels' || id === 'buildings') return DESCRIPTIONS[id];
  return { title: layerTitle(id), description: `Thematic layer “${layerTitle(id)}” (class, group, label).` };
}

/** Parcels, buildings, and the thematic layers the stored dataset has features of. */
export async function collectionIds(layers: LayerRepository): Promise<CollectionId[]> {
  const box = mercatorBox(SWISS_BOUNDS);
  const present = await Promise.all(
    FEATURE_LAYERS.map(async (id) => ((await layers.features(id, box, 1)).length > 0 ? id : null)),
  );
  return ['parcels', 'buildings', ...present.filter((id): id is DataLayerId => id !== null)];
}

/** A collection's description (OGC API – Features Part 1 and Part 2), links under `base` (…/ogc). */
export function collectionDocument(id: CollectionId, base: string) {
  const { title, description } = collectionTitle(id);
  const self = `${base}/collections/${id}`;
  return {
    id,
    title,
    description,
    itemType: 'feature',
    extent: { spatial: { bbox: [SWISS_BOUNDS], crs: CRS84 } },
    crs: [...OGC_CRS],
    storageCrs: LV95,
    links: [
      { href: self, rel: 'self', type: 'application/json', title },
      { href: `${self}/items`, rel: 'items', type: 'application/geo+json', title: `${title} (GeoJSON)` },
      ...(id === 'buildings' || id === 'parcels' || isFeatureLayer(id)
        ? [
            {
              href: `${base}/tiles/${id}/tiles.json`,
              rel: 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector',
              type: 'application/json',
              title: `${title} (vector tiles, TileJSON)`,
            },
          ]
        : []),
    ],
  };
}
