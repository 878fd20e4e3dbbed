import {
  DxfWriter,
  LWPolylineFlags,
  TextHorizontalAlignment,
  TextVerticalAlignment,
  Units,
  point2d,
  point3d,
} from '@tarikjabiri/dxf';
import { labelPoint, type Box } from '../map/labelPoint';
import type { Lv95Frame } from '../map/mapScale';
import type { Lv95Ring } from '../parcelSurroundings';

/**
 * The CAD layers, named after the information layers of the Swiss official survey as DXF-Geobau
 * numbers them (00 plan information, 01 fixed points, 02 land cover, 06 land ownership), AutoCAD
 * colour index. docs/features.md (Reports and exports, DXF) lists the mapping.
 */
export const DXF_LAYERS = {
  info: { name: '00-Planinfo', color: 7 },
  fixedPoints: { name: '01-FP-Fixpunkte', color: 6 },
  fixedPointNames: { name: '01-FP-Fixpunkte-Text', color: 6 },
  buildings: { name: '02-BB-Gebaeude', color: 5 },
  contextBuildings: { name: '02-BB-Gebaeude-Umgebung', color: 8 },
  parcel: { name: '06-LS-Grundstueck', color: 1 },
  neighbours: { name: '06-LS-Nachbargrundstuecke', color: 8 },
  parcelNumbers: { name: '06-LS-Grundstuecknummern', color: 7 },
} as const;

export interface DxfLayer {
  name: string;
  color: number;
}

/** A site's outline (land assembly): the union of its parcels, which stay on `06-LS-Grundstueck`. */
export const SITE_DXF_LAYER: DxfLayer = { name: '06-LS-Areal', color: 30 };

/** Width of a TEXT character in the standard font, as a share of its height (to fit numbers in parcels). */
const CHARACTER_WIDTH = 0.75;

/** Stored rings repeat no closing vertex; GeoJSON ones do. A closed polyline needs it only once. */
export const openRing = (ring: Lv95Ring): Lv95Ring => {
  const [first, last] = [ring[0], ring[ring.length - 1]];
  return ring.length > 1 && first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : ring;
};

/**
 * A DXF drawing in LV95 (EPSG:2056) metres over a frame, with the survey layers, texts at the ground's
 * height: closed outlines, numbers fitted inside their parcels, one-line texts.
 */
export function lv95Drawing(frame: Lv95Frame, groundMetres: number, extraLayers: readonly DxfLayer[] = []) {
  const dxf = new DxfWriter();
  dxf.setUnits(Units.Meters);
  for (const layer of [...Object.values(DXF_LAYERS), ...extraLayers])
    dxf.addLayer(layer.name, layer.color, 'CONTINUOUS');
  const [minE, minN, maxE, maxN] = frame;
  dxf.setVariable('$EXTMIN', { 10: minE, 20: minN, 30: groundMetres });
  dxf.setVariable('$EXTMAX', { 10: maxE, 20: maxN, 30: groundMetres });
  const box: Box = [minE, minN, maxE, maxN];

  const polyline = (ring: Lv95Ring, layerName: string, elevation = 0, thickness = 0) =>
    dxf.addLWPolyline(
      openRing(ring).map(([e, n]) => ({ point: point2d(e, n) })),
      { flags: LWPolylineFlags.Closed, layerName, elevation, thickness },
    );
  const centredText = ([e, n]: [number, number], height: number, text: string, layerName: string) =>
    dxf.addText(point3d(e, n, groundMetres), height, text, {
      layerName,
      horizontalAlignment: TextHorizontalAlignment.Center,
      verticalAlignment: TextVerticalAlignment.Middle,
      secondAlignmentPoint: point3d(e, n, groundMetres),
    });
  /** The number where it fits whole inside the parcel's part in the frame, else at the pole of the part. */
  const number = (rings: Lv95Ring[], text: string, height: number) => {
    const width = text.length * height * CHARACTER_WIDTH;
    const at = labelPoint(rings, box, width, height) ?? labelPoint(rings, box, 0, 0);
    if (at) centredText(at, height, text, DXF_LAYERS.parcelNumbers.name);
  };
  /** The plan note, top left of the frame. */
  const note = (height: number, text: string) =>
    dxf.addText(point3d(minE + 2, maxN - 4, groundMetres), height, text, { layerName: DXF_LAYERS.info.name });
  return { dxf, polyline, number, note };
}
