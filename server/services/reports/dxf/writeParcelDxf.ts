import {
  DxfWriter,
  LWPolylineFlags,
  TextHorizontalAlignment,
  TextVerticalAlignment,
  Units,
  point2d,
  point3d,
} from '@tarikjabiri/dxf';
import { buildingStoreys, CONTEXT_BUILDING_HEIGHT } from '../buildingStoreys';
import { labelPoint, type Box } from '../map/labelPoint';
import type { Lv95Ring } from '../parcelSurroundings';
import type { ReportSubject } from '../ReportSubject';
import { siteElevation } from '../siteElevation';

/**
 * The CAD layers, named after the information layers of the Swiss official survey as DXF-Geobau
 * numbers them (00 plan information, 01 fixed points, 02 land cover, 06 land ownership), AutoCAD
 * colour index. The README lists the mapping.
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

/** Text heights in metres (the drawing unit): 2.5 mm and 1.8 mm on a 1:1000 print. */
const PARCEL_NUMBER_HEIGHT = 2.5;
const NEIGHBOUR_NUMBER_HEIGHT = 1.8;
const NAME_HEIGHT = 1.2;
/** Width of a TEXT character in the standard font, as a share of its height (to fit numbers in parcels). */
const CHARACTER_WIDTH = 0.75;

/** Stored rings repeat no closing vertex; GeoJSON ones do. A closed polyline needs it only once. */
export const openRing = (ring: Lv95Ring): Lv95Ring => {
  const [first, last] = [ring[0], ring[ring.length - 1]];
  return ring.length > 1 && first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : ring;
};

/**
 * The parcel and its neighbourhood as a DXF drawing in LV95 (EPSG:2056) metres with LN02 heights, the
 * coordinates as stored: parcel boundaries (closed LWPOLYLINEs) with their numbers as TEXT inside them,
 * the parcel's buildings at the ground's height and extruded by their height from the storeys
 * (elevation and thickness, so CAD shows them as volumes), the neighbourhood's buildings at an assumed
 * height, fixed points as 3D POINTs at their altitude with their names, and a plan note on `00-Planinfo`.
 */
export function writeParcelDxf(subject: ReportSubject): string {
  const { surroundings, parcel, objects } = subject;
  const ground = siteElevation(subject);
  const dxf = new DxfWriter();
  dxf.setUnits(Units.Meters);
  for (const layer of Object.values(DXF_LAYERS)) dxf.addLayer(layer.name, layer.color, 'CONTINUOUS');
  const [minE, minN, maxE, maxN] = surroundings.frame;
  dxf.setVariable('$EXTMIN', { 10: minE, 20: minN, 30: ground.metres });
  dxf.setVariable('$EXTMAX', { 10: maxE, 20: maxN, 30: ground.metres });
  const frame: Box = [minE, minN, maxE, maxN];

  const polyline = (ring: Lv95Ring, layerName: string, elevation = 0, thickness = 0) =>
    dxf.addLWPolyline(
      openRing(ring).map(([e, n]) => ({ point: point2d(e, n) })),
      { flags: LWPolylineFlags.Closed, layerName, elevation, thickness },
    );
  const centredText = ([e, n]: [number, number], height: number, text: string, layerName: string) =>
    dxf.addText(point3d(e, n, ground.metres), height, text, {
      layerName,
      horizontalAlignment: TextHorizontalAlignment.Center,
      verticalAlignment: TextVerticalAlignment.Middle,
      secondAlignmentPoint: point3d(e, n, ground.metres),
    });
  /** The number where it fits whole inside the parcel's part in the frame, else at the pole of the part. */
  const number = (rings: Lv95Ring[], text: string, height: number, layerName: string) => {
    const width = text.length * height * CHARACTER_WIDTH;
    const at = labelPoint(rings, frame, width, height) ?? labelPoint(rings, frame, 0, 0);
    if (at) centredText(at, height, text, layerName);
  };

  for (const neighbour of surroundings.neighbours) {
    for (const ring of neighbour.rings) polyline(ring, DXF_LAYERS.neighbours.name);
    number(neighbour.rings, neighbour.prcNo, NEIGHBOUR_NUMBER_HEIGHT, DXF_LAYERS.parcelNumbers.name);
  }
  for (const ring of surroundings.parcel.rings) polyline(ring, DXF_LAYERS.parcel.name);
  number(surroundings.parcel.rings, parcel.PRC_NO, PARCEL_NUMBER_HEIGHT, DXF_LAYERS.parcelNumbers.name);

  const own = new Map(objects.map((object) => [object.OBJ_ID, object]));
  for (const building of surroundings.buildings) {
    const register = own.get(building.objId);
    const height = register ? buildingStoreys(register).height : CONTEXT_BUILDING_HEIGHT;
    const layer = register ? DXF_LAYERS.buildings.name : DXF_LAYERS.contextBuildings.name;
    for (const ring of building.rings.slice(0, 1)) polyline(ring, layer, ground.metres, height);
  }
  for (const fixed of parcel.FIXPOINTS ?? []) {
    const z = fixed.FIX_ALT ?? ground.metres;
    dxf.addPoint(fixed.FIX_COO_X, fixed.FIX_COO_Y, z, { layerName: DXF_LAYERS.fixedPoints.name });
    dxf.addText(point3d(fixed.FIX_COO_X + 1, fixed.FIX_COO_Y + 1, z), NAME_HEIGHT, fixed.FIX_NAM, {
      layerName: DXF_LAYERS.fixedPointNames.name,
    });
  }
  const heights = ground.fixedPoint
    ? `Hoehen LN02, Terrain ab Fixpunkt ${ground.fixedPoint}`
    : 'Hoehen LN02: keine Terrainhoehe im Datensatz, 0 m angenommen';
  dxf.addText(
    point3d(minE + 2, maxN - 4, ground.metres),
    NAME_HEIGHT * 1.5,
    `${parcel.PRC_NO} ${parcel.LOCNAME} EGRID ${parcel.PRC_ID} - LV95 EPSG:2056 - ${heights}`,
    { layerName: DXF_LAYERS.info.name },
  );
  return dxf.stringify();
}
