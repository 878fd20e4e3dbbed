import type { ErrorEvent, Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';

/** A paint property named by a style file (checked by the engine when set). */
type PaintProperty = Parameters<MapLibreMap['setPaintProperty']>[1];
import type { AppStore } from '../../store/storeTypes';
import { runtimeConfig } from '../../config/runtimeConfig';
import type { MapLayerId } from '../../contract/MapLayers';
import { layerOffered } from './outsideServices';
import { TILE_WAITED_TOO_LONG_STATUS } from './outsideTileFetch';
import {
  BASE_LABEL_GROUND_LAYERS,
  BASE_LABEL_NAME_LAYERS,
  BASE_LABELS_SOURCE,
  baseLabelsSource,
} from './baseLabelLayers';
import { resolvedSources, styleLayers, type LayerStyleFile } from './LayerStyleFile';
import { layerFailed, type LayersState } from './layersSlice';

export interface LayerControllerOptions {
  map: MapLibreMap;
  store: AppStore;
  /**
   * Where the layers go in the map's drawing order: 'top' layers just under this layer (the parcel
   * selection), 'bottom' layers (imagery, relief) and the streets just under that one (the parcels).
   * Missing layers mean "on top".
   */
  anchors: { top?: string; bottom?: string };
  /** A message of the interface language (the sources' attributions). */
  translate: (id: string) => string;
}

/** A layer on the map: the style it was added from and the opacity last applied. */
interface AppliedLayer {
  style: LayerStyleFile;
  opacity: number;
}

/**
 * Puts the thematic layers the store has switched on onto the map and takes them off again (spec §2):
 * the style file's sources and layers in the right place in the drawing order, the opacity slider, the
 * terrain (spec §4: the terrain layer sets and clears 3D terrain), the 3D/solar swap (spec §4), and the
 * base map's street, park and station labels. A source the map cannot load becomes the panel's inline
 * error. The map container's `data-layers-drawn` lists the layers whose tiles are all in, after each
 * `idle`, for the browser tests' timing.
 */
export class LayerController {
  private readonly map: MapLibreMap;
  private readonly store: AppStore;
  private readonly anchors: LayerControllerOptions['anchors'];
  private readonly translate: LayerControllerOptions['translate'];
  private readonly applied = new Map<MapLayerId, AppliedLayer>();
  private lastState: LayersState | null = null;
  private readonly unsubscribe: () => void;
  private readonly onError = (event: ErrorEvent & { sourceId?: string }) => this.sourceFailed(event);
  private readonly onIdle = () => this.reportDrawn(true);
  private readonly onSourceData = (event: MapSourceDataEvent) => {
    if (event.tile) this.withTiles.add(event.sourceId);
    this.reportDrawn(false);
  };
  /** Sources that have received a tile since they were added (a source with none is not drawn yet). */
  private readonly withTiles = new Set<string>();

  constructor({ map, store, anchors, translate }: LayerControllerOptions) {
    this.map = map;
    this.store = store;
    this.anchors = anchors;
    this.translate = translate;
    this.addBaseLabels();
    map.on('error', this.onError);
    map.on('idle', this.onIdle);
    map.on('sourcedata', this.onSourceData);
    this.apply(store.getState().layers);
    this.unsubscribe = store.subscribe(() => this.apply(store.getState().layers));
  }

  private beforeId(placement: 'top' | 'bottom'): string | undefined {
    const id = placement === 'top' ? this.anchors.top : this.anchors.bottom;
    return id && this.map.getLayer(id) ? id : undefined;
  }

  private addBaseLabels(): void {
    this.map.addSource(BASE_LABELS_SOURCE, baseLabelsSource(runtimeConfig().mainUrl));
    for (const layer of BASE_LABEL_GROUND_LAYERS) this.map.addLayer(layer, this.beforeId('bottom'));
    for (const layer of BASE_LABEL_NAME_LAYERS) this.map.addLayer(layer);
  }

  /** Applies what changed in the layers state since the last call. */
  private apply(state: LayersState): void {
    if (state === this.lastState) return;
    this.lastState = state;
    // A layer switched on before the deployment turned its outside service off (kept by the browser) is not drawn.
    const wanted = state.on.filter(
      (id) => state.styles[id] && state.status[id]?.state !== 'error' && layerOffered(id),
    );
    for (const id of [...this.applied.keys()]) if (!wanted.includes(id)) this.remove(id);
    for (const id of wanted) {
      const opacity = state.opacity[id] ?? 1;
      const current = this.applied.get(id);
      if (!current) this.add(id, state.styles[id] as LayerStyleFile, opacity);
      else if (current.opacity !== opacity) this.setOpacity(current, opacity);
    }
    this.applySwaps();
  }

  private add(id: MapLayerId, style: LayerStyleFile, opacity: number): void {
    try {
      // Hillshade under software WebGL (the browser tests' SwiftShader) takes seconds a frame.
      const layers = styleLayers(style).filter(
        (layer) => layer.type !== 'hillshade' || navigator.webdriver !== true,
      );
      const used = new Set([
        ...layers.map((layer) => ('source' in layer ? layer.source : undefined)),
        style.terrain?.source,
      ]);
      for (const [sourceId, source] of Object.entries(
        resolvedSources(style, runtimeConfig(), this.translate),
      )) {
        if (used.has(sourceId) && !this.map.getSource(sourceId)) this.map.addSource(sourceId, source);
      }
      for (const layer of layers) this.map.addLayer(layer, this.beforeId(style.placement));
      const applied = { style, opacity: 1 };
      this.applied.set(id, applied);
      this.setOpacity(applied, opacity);
      if (style.terrain) this.map.setTerrain(style.terrain);
      this.map.getContainer().setAttribute('data-terrain', style.terrain ? 'on' : this.terrainState());
    } catch (error) {
      // A style the engine refuses: take back what was added and say so in the panel.
      this.removeStyle(style);
      const message = error instanceof Error ? error.message : String(error);
      this.store.dispatch(layerFailed({ id, message }));
    }
  }

  private remove(id: MapLayerId): void {
    const applied = this.applied.get(id);
    if (!applied) return;
    this.applied.delete(id);
    if (applied.style.terrain) this.map.setTerrain(null);
    this.removeStyle(applied.style);
    this.map.getContainer().setAttribute('data-terrain', this.terrainState());
    this.reportDrawn(false);
  }

  private removeStyle(style: LayerStyleFile): void {
    for (const layer of styleLayers(style)) if (this.map.getLayer(layer.id)) this.map.removeLayer(layer.id);
    for (const sourceId of Object.keys(style.sources)) {
      if (this.map.getSource(sourceId)) this.map.removeSource(sourceId);
      this.withTiles.delete(sourceId);
    }
  }

  /** Whether the map draws from a source: added, and one of its layers visible (a swap may hide them). */
  private sourceShown(style: LayerStyleFile, source: string): boolean {
    if (!this.map.getSource(source)) return false;
    return styleLayers(style).some(
      (layer) =>
        'source' in layer &&
        layer.source === source &&
        this.map.getLayer(layer.id) &&
        this.map.getLayoutProperty(layer.id, 'visibility') !== 'none',
    );
  }

  private terrainState(): 'on' | 'off' {
    return [...this.applied.values()].some((a) => a.style.terrain) ? 'on' : 'off';
  }

  private setOpacity(applied: AppliedLayer, opacity: number): void {
    applied.opacity = opacity;
    for (const { layer, property, value } of applied.style.opacity) {
      if (this.map.getLayer(layer))
        this.map.setPaintProperty(layer, property as PaintProperty, value * opacity);
    }
  }

  /** Spec §4: with both on, the 3D buildings take the solar colours and the flat roofs are hidden. */
  private applySwaps(): void {
    for (const { style } of this.applied.values()) {
      const swap = style.swap;
      if (!swap) continue;
      const active = this.applied.has(swap.with);
      for (const [layerId, paint] of Object.entries(swap.paint)) {
        const original = styleLayers(style).find((layer) => layer.id === layerId);
        const originalPaint = (original && 'paint' in original ? original.paint : undefined) as
          Record<string, unknown> | undefined;
        for (const [property, value] of Object.entries(paint)) {
          this.map.setPaintProperty(
            layerId,
            property as PaintProperty,
            (active ? value : originalPaint?.[property]) as Parameters<MapLibreMap['setPaintProperty']>[2],
          );
        }
      }
      for (const layerId of swap.hide) {
        if (this.map.getLayer(layerId))
          this.map.setLayoutProperty(layerId, 'visibility', active ? 'none' : 'visible');
      }
    }
  }

  /** A tile source of a switched-on layer failed (spec §8 logs tile errors; the panel shows it too). */
  private sourceFailed(event: ErrorEvent & { sourceId?: string }): void {
    const { sourceId } = event;
    // Nothing to report for a 404, a tile outside the service's coverage (imagery beyond the border), nor for one
    // tile given up behind an outside service that answers the others: the map draws the rest.
    const status = (event.error as { status?: number } | undefined)?.status;
    if (!sourceId || status === 404 || status === TILE_WAITED_TOO_LONG_STATUS) return;
    for (const [id, { style }] of this.applied) {
      if (Object.hasOwn(style.sources, sourceId)) {
        this.store.dispatch(
          layerFailed({ id, message: event.error?.message ?? 'tiles could not be loaded' }),
        );
        return;
      }
    }
  }

  /**
   * Marks the layers whose tiles are all in (on each tile's arrival, so the mark comes as soon as the
   * last one lands); the terrain's elevation source is the terrain's own and never reports "loaded".
   */
  private reportDrawn(idle: boolean): void {
    const container = this.map.getContainer();
    const drawn = [...this.applied.entries()]
      .filter(([, { style }]) =>
        Object.keys(style.sources)
          .filter((source) => source !== style.terrain?.source && this.sourceShown(style, source))
          .every((source) => this.withTiles.has(source) && this.map.isSourceLoaded(source)),
      )
      .map(([id]) => id);
    const marked = drawn.join(' ');
    if (container.getAttribute('data-layers-drawn') !== marked)
      container.setAttribute('data-layers-drawn', marked);
    // Browser tests also read how many features each layer drew (querying them costs, so only there).
    if (!idle || navigator.webdriver !== true) return;
    const counts = drawn.map((id) => {
      const style = this.applied.get(id)?.style as LayerStyleFile;
      const layers = styleLayers(style)
        .map((layer) => layer.id)
        .filter((layer) => this.map.getLayer(layer));
      return `${id}:${layers.length > 0 ? this.map.queryRenderedFeatures({ layers }).length : 0}`;
    });
    container.setAttribute('data-layer-features', counts.join(' '));
  }

  destroy(): void {
    this.unsubscribe();
    this.map.off('error', this.onError);
    this.map.off('idle', this.onIdle);
    this.map.off('sourcedata', this.onSourceData);
  }
}
