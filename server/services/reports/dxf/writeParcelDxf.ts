import { point3d } from '@tarikjabiri/dxf';
import { buildingStoreys, CONTEXT_BUILDING_HEIGHT } from '../buildingStoreys';
import { DXF_LAYERS, lv95Drawing, type DxfLayer } from './lv95Drawing';
import type { BuildingObject, FixedPoint } from '../../../../src/contract/Parcel';
import type { ParcelSurroundings } from '../parcelSurroundings';
import type { ReportSubject } from '../ReportSubject';
import { siteElevation, type SiteElevation } from '../siteElevation';

/** Text heights in metres (the drawing unit): 2.5 mm and 1.8 mm on a 1:1000 print. */
const PARCEL_NUMBER_HEIGHT = 2.5;
const NEIGHBOUR_NUMBER_HEIGHT = 1.8;
const NAME_HEIGHT = 1.2;
/** What a plan drawing shows around its centre (a parcel, or a site's outline). */
export interface DxfPlan {
  surroundings: ParcelSurroundings;
  /** The buildings of the centre with their register figures (extruded by their storeys). */
  objects: readonly BuildingObject[];
  fixedPoints: readonly FixedPoint[];
  ground: SiteElevation;
  /** The centre's layer and number ('' for a site, whose parcels carry the numbers). */
  centreLayer: DxfLayer;
  centreNumber: string;
  /** Parcels drawn as the centre's own (a site's parcels): on the parcel layer with the larger number. */
  members: ReadonlySet<string>;
  /** The plan note's subject: "1234 Zürich EGRID CH…". */
  title: string;
}

/**
 * A plan as a DXF drawing in LV95 (EPSG:2056) metres with LN02 heights, the coordinates as stored:
 * parcel boundaries (closed LWPOLYLINEs) with their numbers as TEXT inside them, the centre's buildings at
 * the ground's height and extruded by their height from the storeys (elevation and thickness, so CAD shows
 * them as volumes), the neighbourhood's buildings at an assumed height, fixed points as 3D POINTs at their
 * altitude with their names, and a plan note on `00-Planinfo`.
 */
export function writePlanDxf(plan: DxfPlan): string {
  const { surroundings, ground } = plan;
  const extra = Object.values(DXF_LAYERS).some((layer) => layer.name === plan.centreLayer.name)
    ? []
    : [plan.centreLayer];
  const { dxf, polyline, number, note } = lv95Drawing(surroundings.frame, ground.metres, extra);

  for (const neighbour of surroundings.neighbours) {
    const member = plan.members.has(neighbour.prcId);
    const layer = member ? DXF_LAYERS.parcel.name : DXF_LAYERS.neighbours.name;
    for (const ring of neighbour.rings) polyline(ring, layer);
    number(neighbour.rings, neighbour.prcNo, member ? PARCEL_NUMBER_HEIGHT : NEIGHBOUR_NUMBER_HEIGHT);
  }
  for (const ring of surroundings.parcel.rings) polyline(ring, plan.centreLayer.name);
  if (plan.centreNumber) number(surroundings.parcel.rings, plan.centreNumber, PARCEL_NUMBER_HEIGHT);

  const own = new Map(plan.objects.map((object) => [object.OBJ_ID, object]));
  for (const building of surroundings.buildings) {
    const register = own.get(building.objId);
    const height = register ? buildingStoreys(register).height : CONTEXT_BUILDING_HEIGHT;
    const layer = register ? DXF_LAYERS.buildings.name : DXF_LAYERS.contextBuildings.name;
    for (const ring of building.rings.slice(0, 1)) polyline(ring, layer, ground.metres, height);
  }
  for (const fixed of plan.fixedPoints) {
    const z = fixed.FIX_ALT ?? ground.metres;
    dxf.addPoint(fixed.FIX_COO_X, fixed.FIX_COO_Y, z, { layerName: DXF_LAYERS.fixedPoints.name });
    dxf.addText(point3d(fixed.FIX_COO_X + 1, fixed.FIX_COO_Y + 1, z), NAME_HEIGHT, fixed.FIX_NAM, {
      layerName: DXF_LAYERS.fixedPointNames.name,
    });
  }
  const heights = ground.fixedPoint
    ? `Hoehen LN02, Terrain ab Fixpunkt ${ground.fixedPoint}`
    : 'Hoehen LN02: keine Terrainhoehe im Datensatz, 0 m angenommen';
  note(NAME_HEIGHT * 1.5, `${plan.title} - LV95 EPSG:2056 - ${heights}`);
  return dxf.stringify();
}

/** The parcel and its neighbourhood as a DXF drawing (writePlanDxf centred on the parcel). */
export function writeParcelDxf(subject: ReportSubject): string {
  const { parcel } = subject;
  return writePlanDxf({
    surroundings: subject.surroundings,
    objects: subject.objects,
    fixedPoints: parcel.FIXPOINTS ?? [],
    ground: siteElevation(subject),
    centreLayer: DXF_LAYERS.parcel,
    centreNumber: parcel.PRC_NO,
    members: new Set(),
    title: `${parcel.PRC_NO} ${parcel.LOCNAME} EGRID ${parcel.PRC_ID}`,
  });
}
