import type { Parcel } from '../../../src/contract/Parcel';
import type { SiteConstraint, SiteConstraintKey } from '../../../src/contract/Sites';
import type { LanguageTranslator } from '../i18n/ServerTranslator';
import { HAZARD_FIELDS, HERITAGE_FIELDS } from '../reports/assessment/assessParcel';
import { fieldText, radonRow } from '../reports/reportSections';

/** A value that says something is there ("none", "no", "white" and empty say nothing is). */
const present = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value !== 'none' && value !== 'no';

/** Weights of the "worst of" themes: a higher weight binds the site more. */
const HAZARD_WEIGHTS: Record<string, number> = { red: 3, blue: 2, yellow: 1, 'yellow-white': 1 };
/** Protection zones S1 (well) to Au (sector); another coded area binds less than any of them. */
const GROUNDWATER_WEIGHTS: Record<string, number> = { S1: 4, S2: 3, S3: 2, Au: 1 };
/** Noise sensitivity levels: the higher the level, the more noise the site is exposed to. */
const NOISE_WEIGHTS: Record<string, number> = { 'ES IV': 4, 'ES III': 3, 'ES II': 2, 'ES I': 1 };

const weightOf = (weights: Record<string, number>) => (value: unknown) =>
  typeof value === 'string' ? (weights[value] ?? (present(value) ? 0.5 : 0)) : 0;

/** The worst value of a field over the parcels and the parcels that carry it; null when none carries one. */
function worstOf(
  parcels: readonly Parcel[],
  field: keyof Parcel,
  weight: (value: unknown) => number,
): { value: unknown; parcels: string[] } | null {
  const top = Math.max(0, ...parcels.map((p) => weight(p[field])));
  if (top === 0) return null;
  const carriers = parcels.filter((p) => weight(p[field]) === top);
  return { value: carriers[0][field], parcels: carriers.map((p) => p.PRC_NO) };
}

/** Every parcel that carries something in the field, with the distinct values; null when none does. */
function anyOf(
  parcels: readonly Parcel[],
  field: keyof Parcel,
): { values: string[]; parcels: string[] } | null {
  const carriers = parcels.filter((p) => present(p[field]));
  if (!carriers.length) return null;
  return {
    values: [...new Set(carriers.map((p) => String(p[field])))],
    parcels: carriers.map((p) => p.PRC_NO),
  };
}

const distinct = (lists: string[][]): string[] => [...new Set(lists.flat())];

/**
 * The site's constraints, one per theme (ADR 037): hazards, groundwater, noise and radon are the worst
 * value any parcel carries ("worst of": red over blue over yellow, S1 over S2 over S3 over Au, ES IV
 * over ES III …, the highest radon probability); heritage and contamination are every entry any parcel
 * carries ("any of"). Each names the parcels that carry it; the words are the parcel report's.
 */
export function siteConstraints(parcels: readonly Parcel[], t: LanguageTranslator): SiteConstraint[] {
  const none = t.t('site.constraint.none');
  const entry = (
    key: SiteConstraintKey,
    value: string | null,
    carriers: string[],
    binding = value !== null,
  ): SiteConstraint => ({
    key,
    label: t.t(`site.constraint.${key}`),
    value: value ?? none,
    parcels: value === null ? [] : carriers,
    binding: value !== null && binding,
  });
  // "Archäologische Zone: archäologische Zone" says it twice: a value that only repeats its field stays out.
  const labelled = (field: keyof Parcel, text: string) => {
    const label = t.t(`parcel.field.${field}`);
    return text.toLocaleLowerCase() === label.toLocaleLowerCase() ? label : `${label}: ${text}`;
  };

  const hazards = HAZARD_FIELDS.map((field) => ({
    field,
    worst: worstOf(parcels, field, weightOf(HAZARD_WEIGHTS)),
  })).filter(({ worst }) => worst && HAZARD_WEIGHTS[String(worst.value)]);
  const heritage = HERITAGE_FIELDS.map((field) => ({ field, any: anyOf(parcels, field) })).filter(
    ({ any }) => any,
  );
  const groundwater = worstOf(parcels, 'GRN_GWU', weightOf(GROUNDWATER_WEIGHTS));
  const noise = worstOf(parcels, 'OVL_NOI', weightOf(NOISE_WEIGHTS));
  const radon = worstOf(parcels, 'GRN_RAD', (value) => (typeof value === 'number' ? value + 1 : 0));
  const contamination = anyOf(parcels, 'GRN_CON');
  const radonParcel = radon && parcels.find((p) => p.PRC_NO === radon.parcels[0]);

  return [
    entry(
      'hazards',
      hazards.length
        ? hazards.map(({ field, worst }) => labelled(field, fieldText(t, field, worst!.value))).join(', ')
        : null,
      distinct(hazards.map(({ worst }) => worst!.parcels)),
    ),
    entry(
      'heritage',
      heritage.length
        ? heritage.map(({ field, any }) => labelled(field, fieldText(t, field, any!.values))).join(', ')
        : null,
      distinct(heritage.map(({ any }) => any!.parcels)),
    ),
    entry(
      'groundwater',
      groundwater && fieldText(t, 'GRN_GWU', groundwater.value),
      groundwater?.parcels ?? [],
    ),
    entry(
      'noise',
      noise && fieldText(t, 'OVL_NOI', noise.value),
      noise?.parcels ?? [],
      (NOISE_WEIGHTS[String(noise?.value)] ?? 0) >= NOISE_WEIGHTS['ES III'],
    ),
    entry(
      'radon',
      radonParcel ? radonRow(radonParcel, t).value : null,
      radon?.parcels ?? [],
      radonRow(radonParcel ?? ({} as Parcel), t).warning === true,
    ),
    entry(
      'contamination',
      contamination && fieldText(t, 'GRN_CON', contamination.values),
      contamination?.parcels ?? [],
    ),
  ];
}
