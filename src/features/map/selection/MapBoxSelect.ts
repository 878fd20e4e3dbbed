import type { Map as MapLibreMap } from 'maplibre-gl';
import './mapSelection.css';
import type { AppStore } from '../../../app/store';
import { selectMeasuring } from '../measure/measureSlice';
import { isBoxDrag, parcelsOfFeatures, selectionBox, type CanvasPoint } from './boxSelection';
import { mapSelectionMade, selectMapSelecting } from './mapSelectionSlice';

/**
 * "Select on map" on the map itself: while the tool is on, a drag draws a box instead of panning, and the
 * parcels it meets (drawn in `parcelLayers`) become the selection in the store. Shift keeps its own
 * meaning (a shift-click adds a parcel to a site, a shift-drag zooms), so a shifted press is left alone.
 */
export class MapBoxSelect {
  private readonly map: MapLibreMap;
  private readonly store: AppStore;
  private readonly parcelLayers: readonly string[];
  private readonly box: HTMLDivElement;
  private active = false;
  private start: CanvasPoint | null = null;

  constructor(map: MapLibreMap, store: AppStore, parcelLayers: readonly string[]) {
    this.map = map;
    this.store = store;
    this.parcelLayers = parcelLayers;
    this.box = document.createElement('div');
    this.box.className = 'map-selection-box';
    this.box.dataset.testid = 'map-selection-box';
    this.box.hidden = true;
    const container = map.getCanvasContainer();
    container.append(this.box);
    container.addEventListener('pointerdown', this.onPointerDown);
    container.addEventListener('pointermove', this.onPointerMove);
    container.addEventListener('pointerup', this.onPointerUp);
    container.addEventListener('pointercancel', this.onPointerCancel);
  }

  /** Follows the tool's switch in the store: panning by drag is off while it is on. */
  apply(): void {
    const active = selectMapSelecting(this.store.getState());
    if (active === this.active) return;
    this.active = active;
    if (active) this.map.dragPan.disable();
    else {
      this.map.dragPan.enable();
      this.cancel();
    }
    this.map.getCanvas().style.cursor = active ? 'crosshair' : '';
  }

  private point(event: PointerEvent): CanvasPoint {
    const rect = this.map.getCanvasContainer().getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (!this.active || event.button !== 0 || event.shiftKey || selectMeasuring(this.store.getState()))
      return;
    this.start = this.point(event);
    this.map.getCanvasContainer().setPointerCapture(event.pointerId);
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    if (!this.start) return;
    const end = this.point(event);
    if (!isBoxDrag(this.start, end)) return;
    const [[left, top], [right, bottom]] = selectionBox(this.start, end);
    Object.assign(this.box.style, {
      left: `${left}px`,
      top: `${top}px`,
      width: `${right - left}px`,
      height: `${bottom - top}px`,
    });
    this.box.hidden = false;
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    const { start } = this;
    this.cancel();
    if (!start) return;
    const end = this.point(event);
    // A click stays a click: it opens the parcel as it does without the tool.
    if (!isBoxDrag(start, end)) return;
    const layers = this.parcelLayers.filter((id) => this.map.getLayer(id));
    const features = this.map.queryRenderedFeatures(selectionBox(start, end), { layers });
    this.store.dispatch(mapSelectionMade(parcelsOfFeatures(features)));
  };

  private readonly onPointerCancel = (): void => this.cancel();

  private cancel(): void {
    this.start = null;
    this.box.hidden = true;
  }

  destroy(): void {
    const container = this.map.getCanvasContainer();
    container.removeEventListener('pointerdown', this.onPointerDown);
    container.removeEventListener('pointermove', this.onPointerMove);
    container.removeEventListener('pointerup', this.onPointerUp);
    container.removeEventListener('pointercancel', this.onPointerCancel);
    this.box.remove();
  }
}
