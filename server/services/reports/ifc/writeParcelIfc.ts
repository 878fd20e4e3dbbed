import path from 'node:path';
import { createRequire } from 'node:module';
import * as WebIfc from 'web-ifc';
import type { BuildingObject } from '../../../../src/contract/Parcel';
import { geometryLv95Rings, type Lv95Ring } from '../parcelSurroundings';
import type { ReportSubject } from '../ReportSubject';

const { IFC4 } = WebIfc;
const require_ = createRequire(__filename);

/** Storey height assumed when a building has floors but no usable volume, metres. */
const STOREY_HEIGHT = 3;

let api: Promise<WebIfc.IfcAPI> | null = null;

/**
 * The web-ifc engine, started once per process. Its WASM is loaded from the installed package
 * (node_modules/web-ifc), never fetched.
 */
export function ifcEngine(): Promise<WebIfc.IfcAPI> {
  api ??= (async () => {
    const engine = new WebIfc.IfcAPI();
    engine.SetWasmPath(`${path.dirname(require_.resolve('web-ifc'))}/`, true);
    await engine.Init(undefined, true);
    return engine;
  })();
  return api;
}

/** A building's height: volume / footprint where both are known, else floors × STOREY_HEIGHT. */
export function buildingHeight(building: BuildingObject): number {
  if (building.OBJ_VOL > 0 && building.OBJ_SUR > 0)
    return Math.round((building.OBJ_VOL / building.OBJ_SUR) * 100) / 100;
  return Math.max(1, building.OBJ_FLO || 1) * STOREY_HEIGHT;
}

const openRing = (ring: Lv95Ring): Lv95Ring => {
  const [first, last] = [ring[0], ring[ring.length - 1]];
  return ring.length > 1 && first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : ring;
};

/** Degrees as IFC's compound angle: degrees, minutes, seconds, millionths of a second. */
function compoundAngle(degrees: number): number[] {
  const sign = degrees < 0 ? -1 : 1;
  let rest = Math.abs(degrees);
  const d = Math.floor(rest);
  rest = (rest - d) * 60;
  const m = Math.floor(rest);
  rest = (rest - m) * 60;
  const s = Math.floor(rest);
  const micro = Math.round((rest - s) * 1e6);
  return [sign * d, sign * m, sign * s, sign * micro];
}

/**
 * An IFC4 model of the parcel: an IfcSite with the parcel boundary as its footprint, and one IfcBuilding
 * per building on the parcel, each holding an IfcBuildingElementProxy whose body is the footprint
 * extruded by the building's height. Georeferenced with IfcMapConversion to IfcProjectedCRS EPSG:2056:
 * local coordinates are metres from the parcel's LV95 centroid (small numbers, as CAD tools prefer).
 */
export async function writeParcelIfc(subject: ReportSubject, now: Date): Promise<Uint8Array> {
  const ifc = await ifcEngine();
  const { parcel, objects } = subject;
  const model = ifc.CreateModel({
    schema: WebIfc.Schemas.IFC4,
    name: `${parcel.PRC_ID}.ifc`,
    description: ['ViewDefinition [ReferenceView_V1.2]'],
    authors: ['Parcel Atlas'],
    organizations: ['Parcel Atlas'],
    authorization: 'none',
  });
  try {
    const originE = parcel.PRC_COO_X;
    const originN = parcel.PRC_COO_Y;
    const guid = () => ifc.CreateIFCGloballyUniqueId(model) as InstanceType<typeof IFC4.IfcGloballyUniqueId>;
    const label = (text: string) => new IFC4.IfcLabel(text);
    const length = (value: number) => new IFC4.IfcLengthMeasure(value);
    const point3 = (x: number, y: number, z: number) =>
      new IFC4.IfcCartesianPoint([length(x), length(y), length(z)]);
    const point2 = (x: number, y: number) => new IFC4.IfcCartesianPoint([length(x), length(y)]);
    const direction = (x: number, y: number, z: number) =>
      new IFC4.IfcDirection([new IFC4.IfcReal(x), new IFC4.IfcReal(y), new IFC4.IfcReal(z)]);
    const placement3 = (x = 0, y = 0, z = 0) => new IFC4.IfcAxis2Placement3D(point3(x, y, z), null, null);
    const localRing = (ring: Lv95Ring) => {
      const points = openRing(ring).map(([e, n]) =>
        point2(Math.round((e - originE) * 1000) / 1000, Math.round((n - originN) * 1000) / 1000),
      );
      return new IFC4.IfcPolyline([...points, points[0]]);
    };

    const metre = new IFC4.IfcSIUnit(IFC4.IfcUnitEnum.LENGTHUNIT, null, IFC4.IfcSIUnitName.METRE);
    const units = new IFC4.IfcUnitAssignment([
      metre,
      new IFC4.IfcSIUnit(IFC4.IfcUnitEnum.AREAUNIT, null, IFC4.IfcSIUnitName.SQUARE_METRE),
      new IFC4.IfcSIUnit(IFC4.IfcUnitEnum.VOLUMEUNIT, null, IFC4.IfcSIUnitName.CUBIC_METRE),
      new IFC4.IfcSIUnit(IFC4.IfcUnitEnum.PLANEANGLEUNIT, null, IFC4.IfcSIUnitName.RADIAN),
    ]);
    const context = new IFC4.IfcGeometricRepresentationContext(
      label('Model'),
      label('Model'),
      new IFC4.IfcDimensionCount(3),
      new IFC4.IfcReal(1e-5),
      placement3(),
      new IFC4.IfcDirection([new IFC4.IfcReal(0), new IFC4.IfcReal(1)]),
    );
    const project = new IFC4.IfcProject(
      guid(),
      null,
      label(`${parcel.PRC_ID} ${parcel.LOCNAME}`),
      new IFC4.IfcText(
        `Parcel ${parcel.PRC_NO}, ${parcel.PRC_ZIP} ${parcel.LOCNAME} (${parcel.CANTON}), exported ${now.toISOString()}`,
      ),
      null,
      null,
      null,
      [context],
      units,
    );
    const crs = new IFC4.IfcProjectedCRS(
      label('EPSG:2056'),
      new IFC4.IfcText('CH1903+ / LV95'),
      new IFC4.IfcIdentifier('CH1903+'),
      new IFC4.IfcIdentifier('LN02'),
      new IFC4.IfcIdentifier('Swiss Oblique Mercator'),
      null,
      metre,
    );
    const mapConversion = new IFC4.IfcMapConversion(
      context,
      crs,
      length(originE),
      length(originN),
      length(0),
      new IFC4.IfcReal(1),
      new IFC4.IfcReal(0),
      new IFC4.IfcReal(1),
    );

    const sitePlacement = new IFC4.IfcLocalPlacement(null, placement3());
    const footprint = new IFC4.IfcShapeRepresentation(
      context,
      label('FootPrint'),
      label('Curve2D'),
      geometryLv95Rings(parcel.geometry).map(localRing),
    );
    const [lon, lat] = parcel.centroid.coordinates;
    const site = new IFC4.IfcSite(
      guid(),
      null,
      label(`${parcel.PRC_NO}`),
      new IFC4.IfcText(`EGRID ${parcel.PRC_ID}`),
      null,
      sitePlacement,
      new IFC4.IfcProductDefinitionShape(null, null, [footprint]),
      label(`${parcel.STREET_ADDRESS ?? parcel.LOCNAME}`),
      IFC4.IfcElementCompositionEnum.ELEMENT,
      new IFC4.IfcCompoundPlaneAngleMeasure(compoundAngle(lat)),
      new IFC4.IfcCompoundPlaneAngleMeasure(compoundAngle(lon)),
      length(0),
      label(parcel.PRC_ID),
      null,
    );

    const buildings: InstanceType<typeof IFC4.IfcBuilding>[] = [];
    const lines: WebIfc.IfcLineObject[] = [project, mapConversion, site];
    for (const object of objects) {
      const ring = geometryLv95Rings(object.geometry);
      if (ring.length === 0) continue;
      const placement = new IFC4.IfcLocalPlacement(sitePlacement, placement3());
      const building = new IFC4.IfcBuilding(
        guid(),
        null,
        label(object.OBJ_ID),
        new IFC4.IfcText(
          `${object.OBJ_TYP}, ${object.OBJ_FLO} floors, built ${object.OBJ_JOB ?? object.OBJ_POB}`,
        ),
        label(object.OBJ_TYP),
        placement,
        null,
        null,
        IFC4.IfcElementCompositionEnum.ELEMENT,
        length(0),
        length(0),
        null,
      );
      const body = new IFC4.IfcExtrudedAreaSolid(
        new IFC4.IfcArbitraryClosedProfileDef(IFC4.IfcProfileTypeEnum.AREA, null, localRing(ring[0])),
        placement3(),
        direction(0, 0, 1),
        new IFC4.IfcPositiveLengthMeasure(buildingHeight(object)),
      );
      const volume = new IFC4.IfcBuildingElementProxy(
        guid(),
        null,
        label(`${object.OBJ_ID} volume`),
        null,
        null,
        new IFC4.IfcLocalPlacement(placement, placement3()),
        new IFC4.IfcProductDefinitionShape(null, null, [
          new IFC4.IfcShapeRepresentation(context, label('Body'), label('SweptSolid'), [body]),
        ]),
        new IFC4.IfcIdentifier(object.OBJ_ID),
        IFC4.IfcBuildingElementProxyTypeEnum.ELEMENT,
      );
      buildings.push(building);
      lines.push(
        building,
        volume,
        new IFC4.IfcRelContainedInSpatialStructure(guid(), null, null, null, [volume], building),
      );
    }
    lines.push(new IFC4.IfcRelAggregates(guid(), null, null, null, project, [site]));
    if (buildings.length > 0)
      lines.push(new IFC4.IfcRelAggregates(guid(), null, null, null, site, buildings));
    for (const line of lines) ifc.WriteLine(model, line);
    return ifc.SaveModel(model);
  } finally {
    ifc.CloseModel(model);
  }
}
