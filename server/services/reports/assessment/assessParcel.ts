import type { Parcel } from '../../../../src/contract/Parcel';
import { parcelObjectType, type ParcelObjectType } from '../objectType';
import { isBuildingZone } from '../priceEstimate';
import { RADON_WARNING_ABOVE } from '../reportSections';
import type { ReportSubject } from '../ReportSubject';
import { estimateBuildingReserve } from '../../../../src/contract/BuildingReserve';

/**
 * The automated assessment (spec §7 "AI report"): explicit rules over the parcel's data, no outside AI
 * service. Every finding names its rule's message id and the values it was computed from, so the page
 * can say it in any language and a reader can check it against the report.
 */
export interface Finding {
  /** Translation id `assessment.finding.<key>`. */
  key: string;
  values?: Record<string, string | number>;
  severity: 'high' | 'medium' | 'low';
}

export interface BuildingPotential {
  buildingZone: boolean;
  /** Utilisation figure (floor area / parcel area) the rule assumes for the zone; null outside building zones. */
  utilisation: number | null;
  /** Parcel area × utilisation, m². */
  buildableFloorArea: number | null;
  /** Sum of footprint × floors of the buildings on the parcel, m². */
  existingFloorArea: number;
  /** Buildable minus existing (never below 0), m². */
  reserve: number | null;
  objectType: ParcelObjectType;
}

export interface Assessment {
  potential: BuildingPotential;
  /** Building lines in force (not 'none'): field and value. */
  buildingLines: { field: keyof Parcel; value: string }[];
  constraints: Finding[];
  opportunities: Finding[];
}

/** Mean yearly solar yield of a usable roof in Switzerland, kWh per m² of photovoltaic area. */
export const SOLAR_KWH_PER_M2 = 170;
/** Share of a footprint usable for panels (edges, chimneys, shading). */
export const USABLE_ROOF_SHARE = 0.6;

/** The natural-hazard fields and the heritage fields, as the assessment and the comparison read them. */
export const HAZARD_FIELDS = ['HAZ_FAL', 'HAZ_LAV', 'HAZ_SLI', 'HAZ_WAT', 'HAZ_DOL'] as const;
export const HERITAGE_FIELDS = ['PRO_BUN', 'PRO_BUC', 'PRO_OOB', 'PRO_BOO', 'PRO_ARS', 'PRO_ARP'] as const;
const LINE_FIELDS = ['OVL_COL', 'OVL_CSL', 'OVL_NSL', 'OVL_FOL', 'OVL_WAL'] as const;

const present = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value !== 'none' && value !== 'no';

function constraintsOf(parcel: Parcel): Finding[] {
  const findings: Finding[] = [];
  for (const field of HAZARD_FIELDS) {
    const level = parcel[field];
    if (level === 'red') findings.push({ key: 'hazardRed', values: { field }, severity: 'high' });
    else if (level === 'blue') findings.push({ key: 'hazardBlue', values: { field }, severity: 'medium' });
    else if (level === 'yellow' || level === 'yellow-white')
      findings.push({ key: 'hazardYellow', values: { field }, severity: 'low' });
  }
  for (const field of HERITAGE_FIELDS) {
    if (present(parcel[field]))
      findings.push({
        key: 'heritage',
        values: { field },
        severity: field === 'PRO_BUN' ? 'high' : 'medium',
      });
  }
  const groundwater = parcel.GRN_GWU;
  if (groundwater === 'S1' || groundwater === 'S2')
    findings.push({ key: 'groundwaterStrict', values: { zone: groundwater }, severity: 'high' });
  else if (groundwater === 'S3') findings.push({ key: 'groundwaterS3', severity: 'medium' });
  else if (groundwater === 'Au') findings.push({ key: 'groundwaterAu', severity: 'low' });
  if (parcel.GRN_RAD !== undefined && parcel.GRN_RAD > RADON_WARNING_ABOVE)
    findings.push({ key: 'radon', values: { value: parcel.GRN_RAD }, severity: 'medium' });
  if (parcel.OVL_NOI === 'ES III' || parcel.OVL_NOI === 'ES IV')
    findings.push({ key: 'noise', values: { level: parcel.OVL_NOI }, severity: 'low' });
  if (present(parcel.GRN_CON)) findings.push({ key: 'contamination', severity: 'medium' });
  if (parcel.GRN_SOI === 'unstable ground') findings.push({ key: 'unstableGround', severity: 'medium' });
  if (parcel.OVL_WAA === 'yes') findings.push({ key: 'waterSpace', severity: 'medium' });
  if (parcel.EVN_ELE === 'yes') findings.push({ key: 'highVoltage', severity: 'low' });
  if (parcel.PRC_TYP === 'Baurecht') findings.push({ key: 'leasehold', severity: 'low' });
  return findings;
}

function opportunitiesOf(subject: ReportSubject, potential: BuildingPotential): Finding[] {
  const { parcel, objects } = subject;
  const findings: Finding[] = [];
  const roof = objects.reduce((sum, o) => sum + (o.OBJ_SUR || 0), 0);
  if (roof > 0) {
    const kwh = Math.round((roof * USABLE_ROOF_SHARE * SOLAR_KWH_PER_M2) / 100) * 100;
    findings.push({
      key: 'solar',
      values: { area: Math.round(roof * USABLE_ROOF_SHARE), kwh },
      severity: 'low',
    });
  } else if (potential.buildingZone) {
    findings.push({ key: 'solarNew', severity: 'low' });
  }
  if (parcel.GRN_TRM === 'EWS-ZUL') findings.push({ key: 'geothermal', severity: 'low' });
  else if (parcel.GRN_TRM === 'EWS-AUF') findings.push({ key: 'geothermalConditions', severity: 'low' });
  if (potential.reserve !== null && potential.reserve >= 100)
    findings.push({ key: 'reserve', values: { area: Math.round(potential.reserve) }, severity: 'low' });
  if (potential.objectType === 'builtUpDivisible') findings.push({ key: 'divisible', severity: 'low' });
  if (parcel.EVN_TRA === 'yes') findings.push({ key: 'railway', severity: 'low' });
  return findings;
}

/** Assesses what can be built on the parcel, what constrains it and what it offers. */
export function assessParcel(subject: ReportSubject): Assessment {
  const { parcel, objects } = subject;
  const mainUse = parcel.BRAVO_PRIS?.[0];
  const existingFloorArea = Math.round(
    objects.reduce((sum, o) => sum + (o.OBJ_SUR || 0) * (o.OBJ_FLO || 1), 0),
  );
  const estimate = estimateBuildingReserve({
    canton: parcel.CANTON,
    zone: parcel.ALPHA_PRIS?.[0] ?? null,
    mainUse: mainUse ?? null,
    area: parcel.PRC_SUR,
    existingFloorArea,
  });
  const potential: BuildingPotential = {
    buildingZone: isBuildingZone(mainUse),
    utilisation: estimate.utilisation,
    buildableFloorArea: estimate.buildableFloorArea,
    existingFloorArea,
    reserve: estimate.reserve,
    objectType: parcelObjectType(parcel, objects),
  };
  const buildingLines = LINE_FIELDS.flatMap((field) => {
    const value = parcel[field];
    return present(value) ? [{ field, value }] : [];
  });
  return {
    potential,
    buildingLines,
    constraints: constraintsOf(parcel),
    opportunities: opportunitiesOf(subject, potential),
  };
}
