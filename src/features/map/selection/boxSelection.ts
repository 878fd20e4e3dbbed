import type { MapSelection, SelectedParcel } from './mapSelectionSlice';

/** A point on the map canvas, CSS pixels from its top left corner. */
export type CanvasPoint = [number, number];

/** Pointer travel below which a press is a click, not a box, px. */
export const MIN_BOX_DRAG_PX = 4;

/** The box between two corners as its top-left and bottom-right corners, whichever way it was drawn. */
export function selectionBox(start: CanvasPoint, end: CanvasPoint): [CanvasPoint, CanvasPoint] {
  return [
    [Math.min(start[0], end[0]), Math.min(start[1], end[1])],
    [Math.max(start[0], end[0]), Math.max(start[1], end[1])],
  ];
}

/** Whether the pointer moved far enough for a box (a click leaves the map its own click). */
export function isBoxDrag(start: CanvasPoint, end: CanvasPoint): boolean {
  return Math.max(Math.abs(end[0] - start[0]), Math.abs(end[1] - start[1])) >= MIN_BOX_DRAG_PX;
}

/** The parcel kind (PRC_IND) of a road parcel: a long thin public road that a box or a lasso would sweep in. */
export const ROAD_PARCEL_KIND = 'Road';

/**
 * The parcels of rendered tile features, each once: a parcel split over tiles, or drawn both as a match
 * and as a surrounding parcel, comes back several times. Features without an id are left out, and so are
 * road parcels (counted, so the panel can say so): a selection is meant for the plots around them.
 */
export function parcelsOfFeatures(
  features: readonly { properties?: Record<string, unknown> | null }[],
): MapSelection {
  const parcels = new Map<string, SelectedParcel>();
  const roads = new Set<string>();
  for (const { properties } of features) {
    const prcId = properties?.PRC_ID;
    if (typeof prcId !== 'string' || prcId === '' || parcels.has(prcId)) continue;
    if (properties?.PRC_IND === ROAD_PARCEL_KIND) roads.add(prcId);
    else parcels.set(prcId, { prcId, prcNo: String(properties?.PRC_NO ?? '') });
  }
  return { parcels: [...parcels.values()], roadsLeftOut: roads.size };
}
