import {
  COMPARISON_ROW_KEYS,
  type ComparedParcel,
  type ComparisonOrder,
  type ComparisonRowKey,
  type ParcelComparison,
} from '../../../src/contract/Comparison';
import type { Parcel } from '../../../src/contract/Parcel';
import { formatNumber } from '../../../src/lib/format/numbers';
import type { LanguageTranslator } from '../i18n/ServerTranslator';
import { assessParcel, HAZARD_FIELDS, HERITAGE_FIELDS } from '../reports/assessment/assessParcel';
import { estimateParcelPrice } from '../reports/priceEstimate';
import { DASH, fieldText, measure, radonRow, zoneText } from '../reports/reportSections';
import type { ReportSubject } from '../reports/ReportSubject';
import { markDifferences, type ComparisonCell } from './markDifferences';

/** Which rows rank their parcels, and which way; the others are only marked as differing. */
const ROW_ORDERS: Partial<Record<ComparisonRowKey, ComparisonOrder>> = {
  utilisation: 'higherIsBetter',
  reserve: 'higherIsBetter',
  hazards: 'lowerIsBetter',
  radon: 'lowerIsBetter',
  solar: 'higherIsBetter',
  // A fixed point close by makes the survey cheaper.
  fixedPoints: 'lowerIsBetter',
};

/** A coded value that says something is there ("none", "no" and empty say nothing is). */
const present = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== '' && value !== 'none' && value !== 'no';

/** The hazard levels the assessment counts as constraints, by weight: red over blue over yellow. */
const HAZARD_WEIGHTS: Record<string, number> = { red: 3, blue: 2, yellow: 1, 'yellow-white': 1 };

/** "Rockfall: blue, Flooding: yellow" for the fields that carry something, else "none". */
function listFields(
  parcel: Parcel,
  fields: readonly (keyof Parcel)[],
  carries: (value: unknown) => boolean,
  t: LanguageTranslator,
): string {
  const parts = fields
    .filter((field) => carries(parcel[field]))
    .map((field) => `${t.t(`parcel.field.${field}`)}: ${fieldText(t, field, parcel[field])}`);
  return parts.length ? parts.join(', ') : t.t('compare.value.none');
}

const hazardWeight = (value: unknown): number =>
  typeof value === 'string' ? (HAZARD_WEIGHTS[value] ?? 0) : 0;

/**
 * One parcel's cell per row, from what the report and the assessment already compute (the same zone
 * texts, reserve estimate, radon wording, price estimate and solar yield), so the comparison never says
 * something else than the parcel's own report.
 */
function parcelCells(
  subject: ReportSubject,
  t: LanguageTranslator,
): Record<ComparisonRowKey, ComparisonCell> {
  const { parcel } = subject;
  const { potential, opportunities } = assessParcel(subject);
  const price = estimateParcelPrice(parcel, subject.priceLevel);
  const solar = opportunities.find((finding) => finding.key === 'solar');
  const solarKwh = typeof solar?.values?.kwh === 'number' ? solar.values.kwh : null;
  const distances = (parcel.FIXPOINTS ?? [])
    .map((point) => point.FIX_DTP)
    .filter((d): d is number => typeof d === 'number' && Number.isFinite(d));
  const nearest = distances.length ? Math.min(...distances) : null;
  const radon = radonRow(parcel, t);
  return {
    area: { text: measure(parcel.PRC_SUR, 'm²'), number: parcel.PRC_SUR },
    zone: { text: zoneText(subject, t, 'ALPHA_PRIS', parcel.ALPHA_PRIS) },
    utilisation: {
      text: potential.utilisation === null ? DASH : formatNumber(potential.utilisation, 2),
      number: potential.utilisation,
    },
    reserve: {
      text: potential.reserve === null ? DASH : `${formatNumber(potential.reserve, 0)} m²`,
      number: potential.reserve,
    },
    hazards: {
      text: listFields(parcel, HAZARD_FIELDS, (value) => hazardWeight(value) > 0, t),
      number: Math.max(0, ...HAZARD_FIELDS.map((field) => hazardWeight(parcel[field]))),
    },
    radon: { text: radon.value, number: parcel.GRN_RAD ?? null },
    heritage: { text: listFields(parcel, HERITAGE_FIELDS, present, t) },
    groundwater: { text: fieldText(t, 'GRN_GWU', parcel.GRN_GWU) },
    noise: { text: fieldText(t, 'OVL_NOI', parcel.OVL_NOI) },
    solar: {
      text: solarKwh === null ? DASH : t.t('compare.value.solar', { kwh: formatNumber(solarKwh, 0) }),
      number: solarKwh,
    },
    price: {
      text: price
        ? t.t('compare.value.price', {
            total: formatNumber(price.total, 0),
            perM2: formatNumber(price.chfPerM2, 0),
          })
        : t.t('report.price.unavailable'),
      number: price?.total ?? null,
    },
    fixedPoints: {
      text:
        nearest === null
          ? t.t('parcel.fixedPoints.none')
          : t.t('compare.value.fixedPoints', {
              distance: formatNumber(nearest, 2),
              count: distances.length,
            }),
      number: nearest,
    },
  };
}

export const comparedParcel = ({ parcel }: ReportSubject): ComparedParcel => ({
  egrid: parcel.PRC_ID,
  number: parcel.PRC_NO,
  place: parcel.LOCNAME,
  canton: parcel.CANTON,
});

/** The comparison of the subjects, in their order: aligned rows, differing rows and best/worst marked. */
export function compareParcels(subjects: ReportSubject[], t: LanguageTranslator): ParcelComparison {
  const cells = subjects.map((subject) => parcelCells(subject, t));
  return {
    parcels: subjects.map(comparedParcel),
    rows: COMPARISON_ROW_KEYS.map((key) => {
      const row = cells.map((parcel) => parcel[key]);
      return {
        key,
        label: t.t(`compare.row.${key}`),
        values: row.map((cell) => cell.text),
        ...markDifferences(row, ROW_ORDERS[key]),
      };
    }),
  };
}
