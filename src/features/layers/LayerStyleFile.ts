import type { LayerSpecification, SourceSpecification } from 'maplibre-gl';
import type { MapLayerId } from '../../contract/MapLayers';
import type { RuntimeConfig } from '../../contract/RuntimeConfig';
import type { LegendItem } from '../../contract/LayerLegends';
import { OUTSIDE_SERVICE_KEYS, outsideTileUrl } from './outsideServices';

export type { LegendItem };

/** A JSON object of a style file. */
export type StyleJson = { [key: string]: unknown };

/** Where a layer's data comes from, as its legend states it. */
export interface LayerSourceNote {
  /**
   * Who publishes the data: a publisher's proper name as it writes it, or, for the application's own demo
   * dataset, the translation key of its description (the legend speaks the user's language).
   */
  source: { name: string } | { labelId: string };
  /** When the data was made (a year or date as the publisher gives it); null: the service's current edition. */
  date: string | null;
  /** Translation key of the terms of use. */
  licenceId: string;
  /** Synthetic data (the demo dataset): the legend says "demo data". */
  demoData: boolean;
}

/**
 * What the layer controller may switch on the map when another layer is on too (spec §4: the solar
 * and the 3D-buildings layers swap styles depending on which one is present).
 */
export interface LayerStyleSwap {
  with: MapLayerId;
  /** Paint properties set on this style's layers while the other layer is on. */
  paint: Record<string, Record<string, unknown>>;
  /** The other style's layers hidden meanwhile. */
  hide: string[];
}

/**
 * The content of `public/styles/<layer>.json`: MapLibre sources and layers (their URLs with
 * placeholders the browser fills from its runtime config) plus the legend and how the panel controls it.
 * The files are generated from the vocabulary by `scripts/build-layer-styles.ts`; a unit test keeps them
 * in step.
 */
export interface LayerStyleFile {
  id: MapLayerId;
  /** Below this zoom the layer shows nothing and the panel says "zoom in to see this layer". */
  minzoom: number;
  /**
   * MapLibre sources and layers as plain JSON (SourceSpecification and LayerSpecification once read;
   * kept loose here because the store holds the file and the engine's deep style types are not state).
   */
  sources: Record<string, StyleJson>;
  layers: StyleJson[];
  /** 'bottom': just above the base map (imagery, relief); 'top': under the parcel selection. */
  placement: 'bottom' | 'top';
  /** The paint properties the opacity slider scales, with their value at 100 %. */
  opacity: { layer: string; property: string; value: number }[];
  legend: { kind: 'fill' | 'circle' | 'extrusion'; items: LegendItem[] } | null;
  about: LayerSourceNote;
  /** For the terrain layer: the raster-dem source map.setTerrain uses while it is on. */
  terrain?: { source: string; exaggeration: number };
  swap?: LayerStyleSwap;
}

/** Placeholders in the style files' URLs and settings, filled from the runtime config. */
export const STYLE_PLACEHOLDERS = {
  mainUrl: '{mainUrl}',
  terrainTilesUrl: '{terrainTilesUrl}',
  terrainTilesEncoding: '{terrainTilesEncoding}',
  satelliteTilesUrl: '{satelliteTilesUrl}',
} as const satisfies Partial<Record<keyof RuntimeConfig, string>>;

/** The style's sources with the runtime config's URLs in place of the placeholders. */
export function resolvedSources(
  style: LayerStyleFile,
  config: Pick<RuntimeConfig, keyof typeof STYLE_PLACEHOLDERS>,
  translate: (id: string) => string,
): Record<string, SourceSpecification> {
  let text = JSON.stringify(style.sources);
  for (const [key, placeholder] of Object.entries(STYLE_PLACEHOLDERS)) {
    const value = String(config[key as keyof typeof STYLE_PLACEHOLDERS]);
    text = text.split(placeholder).join(OUTSIDE_SERVICE_KEYS.has(key) ? outsideTileUrl(value) : value);
  }
  const sources = JSON.parse(text) as Record<string, StyleJson>;
  // A source's `attributionId` (our own wording) becomes the engine's `attribution` in the user's language.
  for (const source of Object.values(sources)) {
    const { attributionId } = source;
    if (typeof attributionId !== 'string') continue;
    delete source.attributionId;
    source.attribution = translate(attributionId);
  }
  return sources as unknown as Record<string, SourceSpecification>;
}

/** The style's layers as the engine's types (the file was checked when it was read). */
export function styleLayers(style: LayerStyleFile): LayerSpecification[] {
  return style.layers as unknown as LayerSpecification[];
}

/** Reads a fetched style file, refusing what is not one (a wrong file would leave a silent blank map). */
export function parseLayerStyleFile(id: MapLayerId, json: unknown): LayerStyleFile {
  const style = json as Partial<LayerStyleFile> | null;
  if (
    !style ||
    style.id !== id ||
    typeof style.sources !== 'object' ||
    !Array.isArray(style.layers) ||
    typeof style.minzoom !== 'number'
  ) {
    throw new Error(`styles/${id}.json is not a layer style`);
  }
  return style as LayerStyleFile;
}
