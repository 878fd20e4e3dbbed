import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MAP_LAYER_IDS, type MapLayerId } from '../../contract/MapLayers';
import type { LayerStyleFile } from './LayerStyleFile';

/** Where a switched-on layer is: its style file loading, drawn, or failed (style or tiles). */
export type LayerStatus = { state: 'loading' } | { state: 'ready' } | { state: 'error'; message: string };

/**
 * The layer panel's state (spec §2): which layers are on (all off at start, spec §1), their opacity and
 * legend visibility, the style files fetched so far (each once), and what went wrong. Serialisable: the
 * map applies it through the layer controller; the URL carries `on` as `layers=`.
 */
export interface LayersState {
  panelOpen: boolean;
  /** Switched-on layers, in the order they were switched on (the later one draws on top). */
  on: MapLayerId[];
  /** Opacity 0–1 per layer; a missing entry is the style's own (1). */
  opacity: Partial<Record<MapLayerId, number>>;
  /** Layers whose legend the user closed; a legend shows when its layer is switched on. */
  legendHidden: MapLayerId[];
  /** Style files fetched from public/styles, kept for the session so each is fetched once. */
  styles: Partial<Record<MapLayerId, LayerStyleFile>>;
  status: Partial<Record<MapLayerId, LayerStatus>>;
}

export const initialLayersState: LayersState = {
  panelOpen: false,
  on: [],
  opacity: {},
  legendHidden: [],
  styles: {},
  status: {},
};

/** Keeps the panel's order (MAP_LAYER_IDS) out of a list given in any order, unknown and doubled ids dropped. */
export function knownLayerIds(ids: readonly string[]): MapLayerId[] {
  const wanted = new Set(ids);
  return MAP_LAYER_IDS.filter((id) => wanted.has(id));
}

function switchOff(state: LayersState, id: MapLayerId): void {
  state.on = state.on.filter((other) => other !== id);
  delete state.status[id];
}

function switchOn(state: LayersState, id: MapLayerId): void {
  if (state.on.includes(id)) return;
  state.on.push(id);
  state.legendHidden = state.legendHidden.filter((other) => other !== id);
  state.status[id] = state.styles[id] ? { state: 'ready' } : { state: 'loading' };
}

export const layersSlice = createSlice({
  name: 'layers',
  initialState: initialLayersState,
  reducers: {
    layerPanelToggled(state, action: PayloadAction<boolean | undefined>) {
      state.panelOpen = action.payload ?? !state.panelOpen;
    },
    layerSwitched(state, action: PayloadAction<{ id: MapLayerId; on: boolean }>) {
      const { id, on } = action.payload;
      if (on) switchOn(state, id);
      else switchOff(state, id);
    },
    /** The URL's `layers=` on arrival (a shared link): exactly these layers are on. */
    layersRestored(state, action: PayloadAction<readonly string[]>) {
      const wanted = knownLayerIds(action.payload);
      for (const id of [...state.on]) if (!wanted.includes(id)) switchOff(state, id);
      for (const id of wanted) switchOn(state, id);
    },
    layerOpacityChanged(state, action: PayloadAction<{ id: MapLayerId; opacity: number }>) {
      const { id, opacity } = action.payload;
      state.opacity[id] = Math.min(1, Math.max(0, opacity));
    },
    legendToggled(state, action: PayloadAction<MapLayerId>) {
      const id = action.payload;
      state.legendHidden = state.legendHidden.includes(id)
        ? state.legendHidden.filter((other) => other !== id)
        : [...state.legendHidden, id];
    },
    styleLoaded(state, action: PayloadAction<{ id: MapLayerId; style: LayerStyleFile }>) {
      const { id, style } = action.payload;
      state.styles[id] = style;
      if (state.on.includes(id)) state.status[id] = { state: 'ready' };
    },
    /** The style file could not be fetched or read, or the map refused its tiles: an inline error. */
    layerFailed(state, action: PayloadAction<{ id: MapLayerId; message: string }>) {
      const { id, message } = action.payload;
      if (state.on.includes(id)) state.status[id] = { state: 'error', message };
    },
  },
  selectors: {
    selectLayerPanelOpen: (state) => state.panelOpen,
    selectLayersOn: (state) => state.on,
    selectLayerOpacity: (state, id: MapLayerId) => state.opacity[id] ?? 1,
    selectLegendShown: (state, id: MapLayerId) => !state.legendHidden.includes(id),
    selectLayerStyle: (state, id: MapLayerId) => state.styles[id],
    selectLayerStatus: (state, id: MapLayerId) => state.status[id],
  },
});

export const {
  layerPanelToggled,
  layerSwitched,
  layersRestored,
  layerOpacityChanged,
  legendToggled,
  styleLoaded,
  layerFailed,
} = layersSlice.actions;
export const {
  selectLayerPanelOpen,
  selectLayersOn,
  selectLayerOpacity,
  selectLegendShown,
  selectLayerStyle,
  selectLayerStatus,
} = layersSlice.selectors;
