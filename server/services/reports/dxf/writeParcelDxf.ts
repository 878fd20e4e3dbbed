import {
  DxfWriter,
  LWPolylineFlags,
  TextHorizontalAlignment,
  TextVerticalAlignment,
  Units,
  point2d,
  point3d,
} from '@tarikjabiri/dxf';
import type { Lv95Ring } from '../parcelSurroundings';
import type { ReportSubject } from '../ReportSubject';

/** The CAD layers of the export, one per kind (AutoCAD colour index). */
export const DXF_LAYERS = {
  parcel: { name: 'PARCEL', color: 1 },
  neighbours: { name: 'NEIGHBOUR_PARCELS', color: 8 },
  buildings: { name: 'BUILDINGS', color: 5 },
  fixedPoints: { name: 'FIXED_POINTS', color: 6 },
  labels: { name: 'LABELS', color: 7 },
} as const;

/** Text heights in metres (the drawing unit). */
const LABEL_HEIGHT = 1.5;
const PARCEL_LABEL_HEIGHT = 2.5;

function centre(ring: Lv95Ring): [number, number] {
  const n = ring.length || 1;
  return [ring.reduce((s, p) => s + p[0], 0) / n, ring.reduce((s, p) => s + p[1], 0) / n];
}

/** Stored rings repeat no closing vertex; GeoJSON ones do. A closed polyline needs it only once. */
const openRing = (ring: Lv95Ring): Lv95Ring => {
  const [first, last] = [ring[0], ring[ring.length - 1]];
  return ring.length > 1 && first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : ring;
};

/**
 * The parcel, its neighbours, the buildings of the frame, the parcel's fixed points and labels as a DXF
 * drawing in LV95 (EPSG:2056) metres: real Swiss coordinates, so it overlays other cadastral data.
 * One layer per kind (DXF_LAYERS); polylines are closed LWPOLYLINEs, fixed points POINT + label.
 */
export function writeParcelDxf(subject: ReportSubject): string {
  const { surroundings, parcel } = subject;
  const dxf = new DxfWriter();
  dxf.setUnits(Units.Meters);
  for (const layer of Object.values(DXF_LAYERS)) dxf.addLayer(layer.name, layer.color, 'CONTINUOUS');
  const [minE, minN, maxE, maxN] = surroundings.frame;
  dxf.setVariable('$EXTMIN', { 10: minE, 20: minN, 30: 0 });
  dxf.setVariable('$EXTMAX', { 10: maxE, 20: maxN, 30: 0 });

  const polyline = (ring: Lv95Ring, layerName: string) =>
    dxf.addLWPolyline(
      openRing(ring).map(([e, n]) => ({ point: point2d(e, n) })),
      { flags: LWPolylineFlags.Closed, layerName },
    );
  const label = (at: [number, number], height: number, text: string) =>
    dxf.addText(point3d(at[0], at[1], 0), height, text, {
      layerName: DXF_LAYERS.labels.name,
      horizontalAlignment: TextHorizontalAlignment.Center,
      verticalAlignment: TextVerticalAlignment.Middle,
      secondAlignmentPoint: point3d(at[0], at[1], 0),
    });

  for (const neighbour of surroundings.neighbours) {
    for (const ring of neighbour.rings) polyline(ring, DXF_LAYERS.neighbours.name);
    if (neighbour.rings[0]) label(centre(neighbour.rings[0]), LABEL_HEIGHT, neighbour.prcNo);
  }
  for (const ring of surroundings.parcel.rings) polyline(ring, DXF_LAYERS.parcel.name);
  if (surroundings.parcel.rings[0])
    label(centre(surroundings.parcel.rings[0]), PARCEL_LABEL_HEIGHT, `${parcel.PRC_NO} (${parcel.PRC_ID})`);
  for (const building of surroundings.buildings) {
    for (const ring of building.rings) polyline(ring, DXF_LAYERS.buildings.name);
  }
  for (const fixed of parcel.FIXPOINTS ?? []) {
    dxf.addPoint(fixed.FIX_COO_X, fixed.FIX_COO_Y, 0, { layerName: DXF_LAYERS.fixedPoints.name });
    dxf.addText(point3d(fixed.FIX_COO_X + 1, fixed.FIX_COO_Y + 1, 0), LABEL_HEIGHT, fixed.FIX_NAM, {
      layerName: DXF_LAYERS.labels.name,
    });
  }
  return dxf.stringify();
}
