import * as WebIfc from 'web-ifc';
import type { BuildingObject } from '../../../../src/contract/Parcel';
import type { LanguageTranslator } from '../../i18n/ServerTranslator';
import { assessParcel } from '../assessment/assessParcel';
import type { BuildingStoreys } from '../buildingStoreys';
import { DASH, fieldText, zoneText } from '../reportSections';
import type { ReportSubject } from '../ReportSubject';
import type { SiteElevation } from '../siteElevation';

const { IFC4 } = WebIfc;

/** Our own property sets (IFC's Pset_ prefix is reserved for buildingSMART's). */
export const PARCEL_PSET = 'ParcelAtlas_Parcel';
export const BUILDING_PSET = 'ParcelAtlas_Building';

type Value = InstanceType<
  | typeof IFC4.IfcLabel
  | typeof IFC4.IfcIdentifier
  | typeof IFC4.IfcText
  | typeof IFC4.IfcBoolean
  | typeof IFC4.IfcInteger
  | typeof IFC4.IfcReal
  | typeof IFC4.IfcAreaMeasure
  | typeof IFC4.IfcVolumeMeasure
  | typeof IFC4.IfcLengthMeasure
>;

/** A property set: name → value, null values left out. */
export interface PropertySet {
  name: string;
  values: [name: string, value: Value | null][];
}

const label = (text: string) => new IFC4.IfcLabel(text);
/** A text value, left out where the report would print a dash. */
const known = (text: string) => (text === DASH ? null : label(text));
const area = (m2: number) => new IFC4.IfcAreaMeasure(m2);

/** The IFC entities of a property set and its assignment to `objects`. */
export function propertySetLines(
  set: PropertySet,
  objects: WebIfc.IfcLineObject[],
  guid: () => InstanceType<typeof IFC4.IfcGloballyUniqueId>,
): WebIfc.IfcLineObject[] {
  const properties = set.values
    .filter((entry): entry is [string, Value] => entry[1] !== null)
    .map(([name, value]) => new IFC4.IfcPropertySingleValue(new IFC4.IfcIdentifier(name), null, value, null));
  const pset = new IFC4.IfcPropertySet(guid(), null, label(set.name), null, properties);
  return [
    ...properties,
    pset,
    new IFC4.IfcRelDefinesByProperties(
      guid(),
      null,
      null,
      null,
      objects as InstanceType<typeof IFC4.IfcObjectDefinition>[],
      pset,
    ),
  ];
}

/** The site's property sets: land registration, the common site set and ours with the planning facts. */
export function sitePropertySets(
  subject: ReportSubject,
  t: LanguageTranslator,
  elevation: SiteElevation,
): PropertySet[] {
  const { parcel } = subject;
  const { potential } = assessParcel(subject);
  const text = (field: keyof typeof parcel) => known(fieldText(t, field, parcel[field]));
  return [
    {
      name: 'Pset_LandRegistration',
      values: [
        ['LandID', new IFC4.IfcIdentifier(parcel.PRC_NO)],
        ['LandTitleID', new IFC4.IfcIdentifier(parcel.PRC_ID)],
        ['IsPermanentID', new IFC4.IfcBoolean(true)],
      ],
    },
    {
      name: 'Pset_SiteCommon',
      values: [
        ['Reference', new IFC4.IfcIdentifier(parcel.PRC_ID)],
        ['TotalArea', area(parcel.PRC_SUR)],
      ],
    },
    {
      name: PARCEL_PSET,
      values: [
        ['Municipality', label(`${parcel.LOCNAME} (BFS ${parcel.PRC_MUN})`)],
        ['Canton', label(parcel.CANTON)],
        ['ZoneBasic', known(zoneText(subject, t, 'ALPHA_PRIS', parcel.ALPHA_PRIS))],
        ['ZoneFederalMainUse', text('BRAVO_PRIS')],
        ['ZoneSpecial', known(zoneText(subject, t, 'ALPHA_SECS', parcel.ALPHA_SECS))],
        ['ZoneOverlay', known(zoneText(subject, t, 'ALPHA_TERS', parcel.ALPHA_TERS))],
        ['HazardRockfall', text('HAZ_FAL')],
        ['HazardAvalanche', text('HAZ_LAV')],
        ['HazardLandslide', text('HAZ_SLI')],
        ['HazardFlood', text('HAZ_WAT')],
        ['HazardSinkhole', text('HAZ_DOL')],
        ['RadonProbabilityPercent', parcel.GRN_RAD === undefined ? null : new IFC4.IfcReal(parcel.GRN_RAD)],
        ['Groundwater', text('GRN_GWU')],
        ['GroundwaterProtection', text('ENV_GWA')],
        [
          'UtilisationFigure',
          potential.utilisation === null ? null : new IFC4.IfcReal(potential.utilisation),
        ],
        [
          'BuildableFloorArea',
          potential.buildableFloorArea === null ? null : area(potential.buildableFloorArea),
        ],
        ['ExistingFloorArea', area(potential.existingFloorArea)],
        ['BuildingReserveFloorArea', potential.reserve === null ? null : area(potential.reserve)],
        [
          'ElevationSource',
          new IFC4.IfcText(
            elevation.fixedPoint
              ? `LN02 height of fixed point ${elevation.fixedPoint}`
              : 'No height in the dataset: 0 m above sea level assumed, set the site height from a survey',
          ),
        ],
        ['DataOrigin', label(parcel.PRC_SRC ?? 'synthetic')],
      ],
    },
  ];
}

/** A building's property sets: the common building set and ours with the register's figures. */
export function buildingPropertySets(
  building: BuildingObject,
  storeys: BuildingStoreys,
  t: LanguageTranslator,
): PropertySet[] {
  return [
    {
      name: 'Pset_BuildingCommon',
      values: [
        ['Reference', new IFC4.IfcIdentifier(building.OBJ_ID)],
        ['YearOfConstruction', label(building.OBJ_JOB ? String(building.OBJ_JOB) : building.OBJ_POB)],
        ['NumberOfStoreys', new IFC4.IfcInteger(storeys.count)],
        ['IsLandmarked', new IFC4.IfcBoolean(building.OBJ_PRO !== 'none' && building.OBJ_PRO !== '')],
        ['GrossPlannedArea', area(building.OBJ_SUR * storeys.count)],
      ],
    },
    {
      name: BUILDING_PSET,
      values: [
        ['BuildingType', label(t.value('OBJ_TYP', building.OBJ_TYP))],
        ['ConstructionPeriod', building.OBJ_POB ? label(building.OBJ_POB) : null],
        ['Protection', label(fieldText(t, 'OBJ_PRO', building.OBJ_PRO))],
        ['FootprintArea', area(building.OBJ_SUR)],
        ['Volume', building.OBJ_VOL > 0 ? new IFC4.IfcVolumeMeasure(building.OBJ_VOL) : null],
        ['Dwellings', building.OBJ_UNI === null ? null : new IFC4.IfcInteger(building.OBJ_UNI)],
        ['StoreyHeight', new IFC4.IfcLengthMeasure(storeys.storeyHeight)],
        ['Height', new IFC4.IfcLengthMeasure(storeys.height)],
        [
          'HeightSource',
          new IFC4.IfcText(
            storeys.fromVolume
              ? 'Storeys from the register, storey height from volume / (footprint x storeys)'
              : 'Storeys from the register, 3 m storey height assumed',
          ),
        ],
      ],
    },
  ];
}
