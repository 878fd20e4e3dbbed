import type { Parcel } from '../../../src/contract/Parcel';
import { formatNumber } from '../../../src/lib/format/numbers';
import type { LanguageTranslator } from '../i18n/ServerTranslator';
import { parcelObjectType } from './objectType';
import { estimateParcelPrice } from './priceEstimate';
import type { ReportSubject } from './ReportSubject';

/** Radon probability (%) above which the report warns (spec §3, §9). */
export const RADON_WARNING_ABOVE = 10;

export interface ReportRow {
  label: string;
  value: string;
  /** Shown highlighted (e.g. radon above 10 %). */
  warning?: boolean;
}

export interface ReportTable {
  columns: string[];
  rows: string[][];
  /** Shown instead of an empty table. */
  empty: string;
}

export type ReportSectionId =
  | 'parcel'
  | 'objectTypes'
  | 'buildings'
  | 'fixedPoints'
  | 'zoning'
  | 'buildingLines'
  | 'noise'
  | 'waterSpace'
  | 'soil'
  | 'hazards'
  | 'heritage'
  | 'nature'
  | 'infrastructure'
  // The site report's sections (ADR 037).
  | 'site'
  | 'siteParcels'
  | 'siteConstraints';

/** The sections of spec §3's report data model, in the order the report prints them. */
export const REPORT_SECTION_IDS: readonly ReportSectionId[] = [
  'parcel',
  'objectTypes',
  'buildings',
  'fixedPoints',
  'zoning',
  'buildingLines',
  'noise',
  'waterSpace',
  'soil',
  'hazards',
  'heritage',
  'nature',
  'infrastructure',
];

export interface ReportSection {
  id: ReportSectionId;
  title: string;
  rows: ReportRow[];
  table?: ReportTable;
  /** A remark printed under the section (e.g. that a price is an estimate). */
  note?: string;
}

/** What the report prints for a value the dataset does not have. */
export const DASH = '–';

/** Thematic fields per section, labelled `parcel.field.<FIELD>` (the drawer's labels). */
const FIELD_SECTIONS: Partial<Record<ReportSectionId, (keyof Parcel)[]>> = {
  buildingLines: ['OVL_COL', 'OVL_CSL', 'OVL_NSL', 'OVL_FOL'],
  noise: ['OVL_NOI'],
  waterSpace: ['OVL_WAL', 'OVL_WAA'],
  soil: ['GRN_SOI', 'GRN_TRM', 'GRN_GWU', 'GRN_RAD', 'GRN_CON', 'GRN_INF'],
  hazards: ['HAZ_FAL', 'HAZ_LAV', 'HAZ_SLI', 'HAZ_WAT', 'HAZ_DOL'],
  heritage: ['PRO_BUN', 'PRO_BUC', 'PRO_OOB', 'PRO_BOO', 'PRO_ARS', 'PRO_ARP'],
  nature: ['ENV_WAT', 'ENV_GWA', 'ENV_FOR', 'ENV_RES', 'ENV_WAP'],
  infrastructure: ['EVN_ELE', 'EVN_TRA', 'EVN_AIR'],
};

/** A measure with 2 decimals (spec §9) and its unit. */
export const measure = (value: number | null | undefined, unit: string): string =>
  value === null || value === undefined || !Number.isFinite(value) ? DASH : `${formatNumber(value)} ${unit}`;

/** The text of a coded field value (lists joined), translated through the vocabulary. */
export function fieldText(t: LanguageTranslator, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return DASH;
  const values = Array.isArray(value) ? value : [value];
  if (values.length === 0) return DASH;
  return values
    .map((v) => (typeof v === 'number' ? formatNumber(v, 0) : t.value(field, String(v))))
    .join(', ');
}

/**
 * Zone codes in the language through the parcel vocabulary ("Wohnzone (W2)"); a code the vocabulary
 * does not know gets the canton's own label from the alpha lookup, else stays as it is.
 */
export function zoneText(
  subject: ReportSubject,
  t: LanguageTranslator,
  field: keyof Parcel,
  codes: string[] | undefined,
): string {
  if (!codes || codes.length === 0) return DASH;
  return codes
    .map((code) => {
      const text = t.value(field, code);
      return text !== code ? text : (subject.zoneLabels.get(code)?.[t.language] ?? code);
    })
    .join(', ');
}

function parcelSection(subject: ReportSubject, t: LanguageTranslator): ReportSection {
  const { parcel, canton } = subject;
  const price = estimateParcelPrice(parcel, subject.priceLevel);
  const cantonName = parcel.lang?.STATE?.[t.language] ?? parcel.STATE;
  const rows: ReportRow[] = [
    { label: t.t('parcel.field.PRC_NO'), value: parcel.PRC_NO },
    { label: t.t('parcel.field.PRC_ID'), value: parcel.PRC_ID },
    { label: t.t('parcel.field.addresses'), value: parcel.STREET_ADDRESS ?? DASH },
    { label: t.t('parcel.field.LOCNAME'), value: `${parcel.LOCNAME} (BFS ${parcel.PRC_MUN})` },
    { label: t.t('parcel.field.PRC_ZIP'), value: parcel.PRC_ZIP },
    { label: t.t('parcel.field.CANTON'), value: `${cantonName} (${canton.code})` },
    { label: t.t('parcel.field.PRC_TYP'), value: t.value('PRC_TYP', parcel.PRC_TYP) },
    { label: t.t('report.field.size'), value: measure(parcel.PRC_SUR, 'm²') },
    {
      label: t.t('report.field.pricePerM2'),
      value: price ? `CHF ${formatNumber(price.chfPerM2, 0)} / m²` : t.t('report.price.unavailable'),
    },
    {
      label: t.t('report.field.priceTotal'),
      value: price ? `CHF ${formatNumber(price.total, 0)}` : t.t('report.price.unavailable'),
    },
    { label: t.t('report.field.surveyor'), value: t.t('report.surveyor.cantonal', { canton: cantonName }) },
    {
      label: t.t('report.field.coordinates'),
      value: `E ${formatNumber(parcel.PRC_COO_X, 1)} / N ${formatNumber(parcel.PRC_COO_Y, 1)}`,
    },
  ];
  const note = price ? t.t(`report.price.note.${price.basis}`) : undefined;
  return { id: 'parcel', title: t.t('report.section.parcel'), rows, note };
}

function objectTypesSection(subject: ReportSubject, t: LanguageTranslator): ReportSection {
  const counts = new Map<string, number>();
  for (const o of subject.objects) counts.set(o.OBJ_TYP, (counts.get(o.OBJ_TYP) ?? 0) + 1);
  const rows: ReportRow[] = [
    {
      label: t.t('report.field.objectType'),
      value: t.t(`report.objectType.${parcelObjectType(subject.parcel, subject.objects)}`),
    },
    ...[...counts].map(([type, count]) => ({
      label: t.value('OBJ_TYP', type),
      value: String(count),
    })),
  ];
  return { id: 'objectTypes', title: t.t('report.section.objectTypes'), rows };
}

function buildingsSection(subject: ReportSubject, t: LanguageTranslator): ReportSection {
  return {
    id: 'buildings',
    title: t.t('report.section.buildings'),
    rows: [],
    table: {
      columns: [
        t.t('report.building.type'),
        t.t('parcel.building.OBJ_SUR'),
        t.t('parcel.building.OBJ_VOL'),
        t.t('parcel.building.OBJ_FLO'),
        t.t('parcel.building.OBJ_UNI'),
        t.t('parcel.building.OBJ_JOB'),
        t.t('parcel.building.OBJ_POB'),
        t.t('report.building.listed'),
      ],
      rows: subject.objects.map((o) => [
        t.value('OBJ_TYP', o.OBJ_TYP),
        measure(o.OBJ_SUR, 'm²'),
        measure(o.OBJ_VOL, 'm³'),
        String(o.OBJ_FLO ?? DASH),
        String(o.OBJ_UNI ?? DASH),
        o.OBJ_JOB ? String(o.OBJ_JOB) : DASH,
        o.OBJ_POB ? t.value('OBJ_POB', o.OBJ_POB) : DASH,
        fieldText(t, 'OBJ_PRO', o.OBJ_PRO),
      ]),
      empty: t.t('parcel.buildings.none'),
    },
  };
}

/** FIX_NAM "1701-2345 - LFP3": name before the spaced hyphen, type after, number after the name's own hyphen. */
function fixedPointParts(value: string): { name: string; type: string; number: string } {
  const at = value.lastIndexOf(' - ');
  const name = (at === -1 ? value : value.slice(0, at)).trim();
  const type = at === -1 ? '' : value.slice(at + 3).trim();
  const dash = name.lastIndexOf('-');
  return { name, type, number: dash === -1 ? name : name.slice(dash + 1) };
}

function fixedPointsSection(subject: ReportSubject, t: LanguageTranslator): ReportSection {
  const points = subject.parcel.FIXPOINTS ?? [];
  return {
    id: 'fixedPoints',
    title: t.t('report.section.fixedPoints'),
    rows: [],
    table: {
      columns: [
        t.t('report.fixedPoint.id'),
        t.t('report.fixedPoint.number'),
        t.t('parcel.fixedPoint.name'),
        t.t('parcel.fixedPoint.type'),
        t.t('report.fixedPoint.altitude'),
        t.t('parcel.fixedPoint.distance'),
        t.t('report.fixedPoint.coordinates'),
      ],
      rows: points.map((point, index) => {
        const parts = fixedPointParts(point.FIX_NAM);
        return [
          String(index + 1),
          parts.number,
          parts.name,
          parts.type ? t.value('FIX_TYPE', parts.type) : DASH,
          measure(point.FIX_ALT, 'm'),
          measure(point.FIX_DTP, 'm'),
          `${formatNumber(point.FIX_COO_X, 1)} / ${formatNumber(point.FIX_COO_Y, 1)}`,
        ];
      }),
      empty: t.t('parcel.fixedPoints.none'),
    },
    note: points.some((point) => point.FIX_ALT === undefined)
      ? t.t('report.fixedPoint.altitudeNote')
      : undefined,
  };
}

function zoningSection(subject: ReportSubject, t: LanguageTranslator): ReportSection {
  const { parcel } = subject;

  return {
    id: 'zoning',
    title: t.t('report.section.zoning'),
    rows: [
      { label: t.t('report.zoning.basic'), value: zoneText(subject, t, 'ALPHA_PRIS', parcel.ALPHA_PRIS) },
      { label: t.t('report.zoning.basicFederal'), value: fieldText(t, 'BRAVO_PRIS', parcel.BRAVO_PRIS) },
      { label: t.t('report.zoning.special'), value: zoneText(subject, t, 'ALPHA_SECS', parcel.ALPHA_SECS) },
      { label: t.t('report.zoning.overlay'), value: zoneText(subject, t, 'ALPHA_TERS', parcel.ALPHA_TERS) },
    ],
  };
}

/** The radon row: the probability with its level, or the warning above {@link RADON_WARNING_ABOVE}. */
export function radonRow(parcel: Parcel, t: LanguageTranslator): ReportRow {
  const radon = parcel.GRN_RAD;
  const warning = radon !== undefined && radon > RADON_WARNING_ABOVE;
  return {
    label: t.t('parcel.field.GRN_RAD'),
    value:
      radon === undefined
        ? DASH
        : warning
          ? t.t('parcel.radonWarning', { value: radon })
          : t.t('report.radon.value', { value: radon, level: t.value('GRN_RAD', radon) }),
    warning,
  };
}

function fieldSection(id: ReportSectionId, subject: ReportSubject, t: LanguageTranslator): ReportSection {
  const { parcel } = subject;
  const rows: ReportRow[] = (FIELD_SECTIONS[id] ?? []).map((field) => {
    if (field === 'GRN_RAD') return radonRow(parcel, t);
    return { label: t.t(`parcel.field.${field}`), value: fieldText(t, field, parcel[field]) };
  });
  return { id, title: t.t(`report.section.${id}`), rows };
}

/** Every section of the report in the translator's language. */
export function reportSections(subject: ReportSubject, t: LanguageTranslator): ReportSection[] {
  return REPORT_SECTION_IDS.map((id) => {
    switch (id) {
      case 'parcel':
        return parcelSection(subject, t);
      case 'objectTypes':
        return objectTypesSection(subject, t);
      case 'buildings':
        return buildingsSection(subject, t);
      case 'fixedPoints':
        return fixedPointsSection(subject, t);
      case 'zoning':
        return zoningSection(subject, t);
      default:
        return fieldSection(id, subject, t);
    }
  });
}
