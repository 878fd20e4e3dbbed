import path from 'node:path';
import { createRequire } from 'node:module';
import * as WebIfc from 'web-ifc';
import type { LanguageTranslator } from '../../i18n/ServerTranslator';
import { buildingStoreys, CONTEXT_BUILDING_HEIGHT } from '../buildingStoreys';
import { outlineRings, type Lv95Ring } from '../parcelSurroundings';
import type { ReportSubject } from '../ReportSubject';
import { siteElevation } from '../siteElevation';
import { buildingPropertySets, propertySetLines, sitePropertySets } from './ifcProperties';

const { IFC4 } = WebIfc;
const require_ = createRequire(__filename);

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
 * An IFC4 model of the parcel (coordination view): an IfcSite at the parcel's height above sea level with
 * the boundary as its footprint, Pset_LandRegistration (number, EGRID), Pset_SiteCommon (area) and our
 * ParcelAtlas_Parcel set (zoning, hazards, radon, groundwater, building reserve); one IfcBuilding per
 * building on the parcel with an IfcBuildingStorey per floor, each holding that floor's volume (the
 * footprint extruded by the storey height), Pset_BuildingCommon (year, storeys, listed) and
 * ParcelAtlas_Building; the neighbourhood's buildings as context proxies. Georeferenced with
 * IfcMapConversion to IfcProjectedCRS EPSG:2056 / LN02: local coordinates are metres from the parcel's
 * LV95 centroid, unrounded, so the stored coordinates come back exactly.
 */
export async function writeParcelIfc(
  subject: ReportSubject,
  now: Date,
  t: LanguageTranslator,
): Promise<Uint8Array> {
  const ifc = await ifcEngine();
  const { parcel, objects, surroundings } = subject;
  const elevation = siteElevation(subject);
  const model = ifc.CreateModel({
    schema: WebIfc.Schemas.IFC4,
    name: `${parcel.PRC_ID}.ifc`,
    description: ['ViewDefinition [CoordinationView_V2.0]'],
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
      const points = openRing(ring).map(([e, n]) => point2(e - originE, n - originN));
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
      new IFC4.IfcText('CH1903+ / LV95, heights LN02'),
      new IFC4.IfcIdentifier('CH1903+'),
      new IFC4.IfcIdentifier('LN02'),
      new IFC4.IfcIdentifier('Swiss Oblique Mercator'),
      null,
      metre,
    );
    // Local z = 0 is the site's ground: the conversion lifts it to its height above sea level.
    const mapConversion = new IFC4.IfcMapConversion(
      context,
      crs,
      length(originE),
      length(originN),
      length(elevation.metres),
      new IFC4.IfcReal(1),
      new IFC4.IfcReal(0),
      new IFC4.IfcReal(1),
    );

    const sitePlacement = new IFC4.IfcLocalPlacement(null, placement3());
    const extruded = (ring: Lv95Ring, height: number) =>
      new IFC4.IfcExtrudedAreaSolid(
        new IFC4.IfcArbitraryClosedProfileDef(IFC4.IfcProfileTypeEnum.AREA, null, localRing(ring)),
        placement3(),
        direction(0, 0, 1),
        new IFC4.IfcPositiveLengthMeasure(height),
      );
    const body = (solid: InstanceType<typeof IFC4.IfcExtrudedAreaSolid>) =>
      new IFC4.IfcProductDefinitionShape(null, null, [
        new IFC4.IfcShapeRepresentation(context, label('Body'), label('SweptSolid'), [solid]),
      ]);
    const footprint = new IFC4.IfcShapeRepresentation(
      context,
      label('FootPrint'),
      label('Curve2D'),
      outlineRings(parcel).map(localRing),
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
      length(elevation.metres),
      label(parcel.PRC_ID),
      null,
    );

    const lines: WebIfc.IfcLineObject[] = [project, mapConversion, site];
    for (const set of sitePropertySets(subject, t, elevation))
      lines.push(...propertySetLines(set, [site], guid));
    const buildings: InstanceType<typeof IFC4.IfcBuilding>[] = [];
    const ownIds = new Set<string>();
    for (const object of objects) {
      const rings = outlineRings(object);
      if (rings.length === 0) continue;
      ownIds.add(object.OBJ_ID);
      const storeys = buildingStoreys(object);
      const placement = new IFC4.IfcLocalPlacement(sitePlacement, placement3());
      const building = new IFC4.IfcBuilding(
        guid(),
        null,
        label(object.OBJ_ID),
        new IFC4.IfcText(
          `${t.value('OBJ_TYP', object.OBJ_TYP)}, ${storeys.count} × ${storeys.storeyHeight} m`,
        ),
        label(object.OBJ_TYP),
        placement,
        null,
        null,
        IFC4.IfcElementCompositionEnum.ELEMENT,
        length(elevation.metres),
        length(elevation.metres),
        null,
      );
      const storeyEntities: InstanceType<typeof IFC4.IfcBuildingStorey>[] = [];
      for (let floor = 0; floor < storeys.count; floor++) {
        const z = floor * storeys.storeyHeight;
        const storeyPlacement = new IFC4.IfcLocalPlacement(placement, placement3(0, 0, z));
        const storey = new IFC4.IfcBuildingStorey(
          guid(),
          null,
          label(floor === 0 ? 'EG' : `${floor}. OG`),
          new IFC4.IfcText(`Storey ${floor + 1} of ${storeys.count}`),
          null,
          storeyPlacement,
          null,
          null,
          IFC4.IfcElementCompositionEnum.ELEMENT,
          length(z),
        );
        const volume = new IFC4.IfcBuildingElementProxy(
          guid(),
          null,
          label(`${object.OBJ_ID} storey ${floor + 1}`),
          null,
          label('StoreyVolume'),
          new IFC4.IfcLocalPlacement(storeyPlacement, placement3()),
          body(extruded(rings[0], storeys.storeyHeight)),
          new IFC4.IfcIdentifier(`${object.OBJ_ID}-${floor + 1}`),
          IFC4.IfcBuildingElementProxyTypeEnum.USERDEFINED,
        );
        storeyEntities.push(storey);
        lines.push(
          storey,
          volume,
          new IFC4.IfcRelContainedInSpatialStructure(guid(), null, null, null, [volume], storey),
        );
      }
      lines.push(building, new IFC4.IfcRelAggregates(guid(), null, null, null, building, storeyEntities));
      for (const set of buildingPropertySets(object, storeys, t)) {
        lines.push(...propertySetLines(set, [building], guid));
      }
      buildings.push(building);
    }
    const context_: InstanceType<typeof IFC4.IfcBuildingElementProxy>[] = [];
    for (const neighbour of surroundings.buildings) {
      if (ownIds.has(neighbour.objId) || !neighbour.rings[0]) continue;
      context_.push(
        new IFC4.IfcBuildingElementProxy(
          guid(),
          null,
          label(neighbour.objId),
          new IFC4.IfcText(`Neighbouring building, ${CONTEXT_BUILDING_HEIGHT} m height assumed`),
          label('ContextBuilding'),
          new IFC4.IfcLocalPlacement(sitePlacement, placement3()),
          body(extruded(neighbour.rings[0], CONTEXT_BUILDING_HEIGHT)),
          new IFC4.IfcIdentifier(neighbour.objId),
          IFC4.IfcBuildingElementProxyTypeEnum.USERDEFINED,
        ),
      );
    }
    lines.push(...context_);
    if (context_.length > 0) {
      lines.push(
        new IFC4.IfcRelContainedInSpatialStructure(guid(), null, label('Context'), null, context_, site),
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
