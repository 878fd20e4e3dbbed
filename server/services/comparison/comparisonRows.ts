import {
  COMPARISON_ROW_KEYS,
  SITE_EGRID_SEPARATOR,
  type ComparedParcel,
  type ComparisonOrder,
  type ComparisonRowKey,
  type ParcelComparison,
} from '../../../src/contract/Comparison';
import type { Parcel } from '../../../src/contract/Parcel';
import type { SiteConstraintKey } from '../../../src/contract/Sites';
import { assembleSite } from '../sites/assembleSite';
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

const distinct = (values: string[]) => [...new Set(values)];

/** A site's column head: its EGRIDs as the column key, its numbers, places and cantons, its parcels. */
function comparedSite(subjects: readonly ReportSubject[]): ComparedParcel {
  const parcels = subjects.map(comparedParcel);
  return {
    egrid: parcels.map((p) => p.egrid).join(SITE_EGRID_SEPARATOR),
    number: parcels.map((p) => p.number).join(' + '),
    place: distinct(parcels.map((p) => p.place)).join(', '),
    canton: distinct(parcels.map((p) => p.canton)).join(', '),
    parcels,
  };
}

/** The cell of the parcel whose number is the highest or lowest of the row (null numbers left out). */
function extremeCell(cells: ComparisonCell[], pick: (a: number, b: number) => boolean): ComparisonCell {
  return cells.reduce((best, cell) =>
    cell.number != null && (best.number == null || pick(cell.number, best.number)) ? cell : best,
  );
}

const sumOf = (cells: ComparisonCell[]): number | null => {
  const numbers = cells.map((cell) => cell.number).filter((n): n is number => n != null);
  return numbers.length ? numbers.reduce((a, b) => a + b, 0) : null;
};

/**
 * A site's cell per row, from the same sources as the site panel and the parcels' own cells: areas,
 * reserve, solar yield and prices summed; utilisation as the site's buildable floor area over its area;
 * hazards, heritage, groundwater, noise and radon as the site's united constraints (the worst, or every,
 * value of the theme); zones as the distinct zones; the nearest fixed point of any of its parcels.
 */
function siteCells(
  subjects: ReportSubject[],
  t: LanguageTranslator,
): Record<ComparisonRowKey, ComparisonCell> {
  const parcels = subjects.map((subject) => parcelCells(subject, t));
  const column = (key: ComparisonRowKey) => parcels.map((cells) => cells[key]);
  const site = assembleSite(subjects, t);
  const constraint = (key: SiteConstraintKey) => site.constraints.find((c) => c.key === key)?.value ?? DASH;
  const utilisation =
    site.area > 0 && site.buildableFloorArea > 0 ? site.buildableFloorArea / site.area : null;
  const price = sumOf(column('price'));
  const solar = sumOf(column('solar'));
  const hazards = extremeCell(column('hazards'), (a, b) => a > b);
  const radon = extremeCell(column('radon'), (a, b) => a > b);
  return {
    area: { text: measure(site.area, 'm²'), number: site.area },
    zone: { text: distinct(column('zone').map((cell) => cell.text)).join('; ') },
    utilisation: { text: utilisation === null ? DASH : formatNumber(utilisation, 2), number: utilisation },
    reserve: {
      text: column('reserve').every((cell) => cell.number == null)
        ? DASH
        : `${formatNumber(site.reserve, 0)} m²`,
      number: column('reserve').every((cell) => cell.number == null) ? null : site.reserve,
    },
    hazards: { text: constraint('hazards'), number: hazards.number },
    radon: { text: constraint('radon'), number: radon.number },
    heritage: { text: constraint('heritage') },
    groundwater: { text: constraint('groundwater') },
    noise: { text: constraint('noise') },
    solar: {
      text: solar === null ? DASH : t.t('compare.value.solar', { kwh: formatNumber(solar, 0) }),
      number: solar,
    },
    price: {
      text:
        price === null || site.area <= 0
          ? t.t('report.price.unavailable')
          : t.t('compare.value.price', {
              total: formatNumber(price, 0),
              perM2: formatNumber(price / site.area, 0),
            }),
      number: price,
    },
    fixedPoints: extremeCell(column('fixedPoints'), (a, b) => a < b),
  };
}

/**
 * The comparison of the columns, in their order — each a parcel (one subject) or a site (several):
 * aligned rows, differing rows and best/worst marked.
 */
export function compareParcels(columns: ReportSubject[][], t: LanguageTranslator): ParcelComparison {
  const cells = columns.map((subjects) =>
    subjects.length === 1 ? parcelCells(subjects[0], t) : siteCells(subjects, t),
  );
  return {
    parcels: columns.map((subjects) =>
      subjects.length === 1 ? comparedParcel(subjects[0]) : comparedSite(subjects),
    ),
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
