import type { Map as MapLibreMap } from 'maplibre-gl';
import './mapSelection.css';
import type { AppStore } from '../../../store/storeTypes';
import { selectMeasuring } from '../measure/measureSlice';
import { isBoxDrag, parcelsOfFeatures, selectionBox, type CanvasPoint } from './boxSelection';
import { boundsOf, featuresInLasso, lassoWith } from './lassoSelection';
import {
  mapSelectionMade,
  selectMapSelecting,
  selectMapSelectionShape,
  type MapSelectionShape,
} from './mapSelectionSlice';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * "Select on map" on the map itself: while the tool is on, a drag draws a box (or, in the lasso shape, a
 * freehand outline) instead of panning, and the parcels it meets (drawn in `parcelLayers`) become the
 * selection in the store. Mouse, pen and touch alike (pointer events; one pointer at a time, a second
 * finger cancels). Escape cancels a drag under way. Shift keeps its own meaning (a shift-click adds a
 * parcel to a site, a shift-drag zooms), so a shifted press is left alone.
 */
export class MapSelectTool {
  private readonly map: MapLibreMap;
  private readonly store: AppStore;
  private readonly parcelLayers: readonly string[];
  private readonly box: HTMLDivElement;
  private readonly lasso: SVGSVGElement;
  private readonly lassoOutline: SVGPolygonElement;
  private active = false;
  /** The drag under way: its pointer, its shape and the points so far (a box keeps its first corner). */
  private drag: { pointerId: number; shape: MapSelectionShape; path: CanvasPoint[] } | null = null;

  constructor(map: MapLibreMap, store: AppStore, parcelLayers: readonly string[]) {
    this.map = map;
    this.store = store;
    this.parcelLayers = parcelLayers;
    this.box = document.createElement('div');
    this.box.className = 'map-selection-box';
    this.box.dataset.testid = 'map-selection-box';
    this.box.hidden = true;
    this.lasso = document.createElementNS(SVG, 'svg');
    this.lasso.setAttribute('class', 'map-selection-lasso');
    this.lasso.dataset.testid = 'map-selection-lasso';
    this.lasso.setAttribute('aria-hidden', 'true');
    this.lassoOutline = document.createElementNS(SVG, 'polygon');
    this.lasso.append(this.lassoOutline);
    this.lasso.style.display = 'none';
    const container = map.getCanvasContainer();
    container.append(this.box, this.lasso);
    container.addEventListener('pointerdown', this.onPointerDown);
    container.addEventListener('pointermove', this.onPointerMove);
    container.addEventListener('pointerup', this.onPointerUp);
    container.addEventListener('pointercancel', this.onPointerCancel);
  }

  /** Follows the tool's switch in the store: panning by drag (and a touch's scrolling) is off while on. */
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
    // Without drag-pan MapLibre leaves one-finger moves to the browser (it would scroll, then cancel).
    this.map.getCanvasContainer().style.touchAction = active ? 'none' : '';
  }

  private point(event: PointerEvent): CanvasPoint {
    const rect = this.map.getCanvasContainer().getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (this.drag) {
      // A second finger: a pinch, not a selection.
      this.cancel();
      return;
    }
    if (!this.active || event.button !== 0 || event.shiftKey || selectMeasuring(this.store.getState()))
      return;
    const shape = selectMapSelectionShape(this.store.getState());
    this.drag = { pointerId: event.pointerId, shape, path: [this.point(event)] };
    this.map.getCanvasContainer().setPointerCapture(event.pointerId);
    window.addEventListener('keydown', this.onKeyDown, true);
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    const { drag } = this;
    if (!drag || event.pointerId !== drag.pointerId) return;
    const end = this.point(event);
    if (drag.shape === 'lasso') {
      drag.path = lassoWith(drag.path, end);
      if (!isBoxDrag(...boundsOf(drag.path))) return;
      this.lassoOutline.setAttribute('points', drag.path.map(([x, y]) => `${x},${y}`).join(' '));
      this.lasso.style.display = '';
      return;
    }
    if (!isBoxDrag(drag.path[0], end)) return;
    const [[left, top], [right, bottom]] = selectionBox(drag.path[0], end);
    Object.assign(this.box.style, {
      left: `${left}px`,
      top: `${top}px`,
      width: `${right - left}px`,
      height: `${bottom - top}px`,
    });
    this.box.hidden = false;
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    const { drag } = this;
    if (drag && event.pointerId !== drag.pointerId) return;
    this.cancel();
    if (!drag) return;
    const end = this.point(event);
    const layers = this.parcelLayers.filter((id) => this.map.getLayer(id));
    if (drag.shape === 'lasso') {
      const path = lassoWith(drag.path, end);
      // A click stays a click: it opens the parcel as it does without the tool.
      if (path.length < 3 || !isBoxDrag(...boundsOf(path))) return;
      const candidates = this.map.queryRenderedFeatures(boundsOf(path), { layers });
      const project = (lngLat: [number, number]): CanvasPoint => {
        const { x, y } = this.map.project(lngLat);
        return [x, y];
      };
      this.store.dispatch(mapSelectionMade(parcelsOfFeatures(featuresInLasso(candidates, path, project))));
      return;
    }
    if (!isBoxDrag(drag.path[0], end)) return;
    const features = this.map.queryRenderedFeatures(selectionBox(drag.path[0], end), { layers });
    this.store.dispatch(mapSelectionMade(parcelsOfFeatures(features)));
  };

  private readonly onPointerCancel = (): void => this.cancel();

  /** Escape drops the drag under way (the tool stays on); without one the panel's Escape ends the tool. */
  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || !this.drag) return;
    event.stopPropagation();
    this.cancel();
  };

  private cancel(): void {
    this.drag = null;
    this.box.hidden = true;
    this.lasso.style.display = 'none';
    this.lassoOutline.removeAttribute('points');
    window.removeEventListener('keydown', this.onKeyDown, true);
  }

  destroy(): void {
    const container = this.map.getCanvasContainer();
    container.removeEventListener('pointerdown', this.onPointerDown);
    container.removeEventListener('pointermove', this.onPointerMove);
    container.removeEventListener('pointerup', this.onPointerUp);
    container.removeEventListener('pointercancel', this.onPointerCancel);
    this.cancel();
    this.box.remove();
    this.lasso.remove();
  }
}
