/**
 * The one catalogue of the coded values of a parcel and its buildings (spec §3): for every coded field,
 * the values the dataset uses, a translation key (flat, prefix `vocab.`) and, for the classes a thematic
 * map layer colours, a colour. The drawer, the result cards, the PDF report and the map layers all read
 * values through it, so a code reads the same everywhere and in every language.
 *
 * Key convention: `vocab.<domain>.<slug>` where the domain is the value list a field draws from (several
 * fields share one: every HAZ_* uses `hazard`, every ENV_/EVN_ uses `yesNo`) and the slug is the value
 * with each run of characters other than letters, digits and hyphens replaced by "_" ("not assessed" →
 * `vocab.hazard.not_assessed`, "ES II" → `vocab.noiseLevel.ES_II`). "none" is `vocab.none` for every
 * field. Values built of parts have a template key with placeholders filled by other entries:
 * `vocab.distance` ("25 m"), `vocab.contamination` ("business site: investigation needed"),
 * `vocab.localZone` ("W2" → "Residential zone (W2)"), `vocab.period.before|range|from`.
 */
import type { BuildingType } from './Parcel';

/** Harmonised federal main-use codes (Hauptnutzung, the BRAVO fields) the dataset uses. */
export const MAIN_USES = [11, 12, 13, 14, 15, 16, 17, 18, 21, 23, 31, 43, 44] as const;
export type MainUse = (typeof MAIN_USES)[number];

export type LanguageRegion = 'de' | 'fr' | 'it';

/**
 * Canton-style local zone codes (the ALPHA_PRI values) per language region and main use. A code means
 * the same main use wherever it occurs, so a code alone names its zone.
 */
export const LOCAL_ZONE_CODES: Readonly<
  Record<LanguageRegion, Readonly<Record<MainUse, readonly string[]>>>
> = {
  de: {
    11: ['W1', 'W2', 'W3', 'W4'],
    12: ['A', 'I'],
    13: ['WG2', 'WG3', 'WA3'],
    14: ['K', 'KZ'],
    15: ['OeIB', 'ZöBA'],
    16: ['GrZ', 'FZ'],
    17: ['TZ'],
    18: ['VZ'],
    21: ['LW'],
    23: ['SöG'],
    31: ['NSZ'],
    43: ['Wald'],
    44: ['ÜG'],
  },
  fr: {
    11: ['Zone 4', 'Zone 5', 'ZV', 'ZHM'],
    12: ['ZI', 'ZAA'],
    13: ['ZM', 'Zone 3'],
    14: ['ZC', 'Zone 2'],
    15: ['ZUP', 'ZIP'],
    16: ['ZVe'],
    17: ['ZTL'],
    18: ['ZCi'],
    21: ['ZA'],
    23: ['ZE'],
    31: ['ZPN'],
    43: ['ZF'],
    44: ['ZAZ'],
  },
  it: {
    11: ['R2', 'R3', 'R4', 'RE'],
    12: ['Ind', 'Art'],
    13: ['RC', 'M3'],
    14: ['NV', 'NC'],
    15: ['AP-EP'],
    // Not "ZV": the Romandy "zone villas" already uses that code.
    16: ['ZVe'],
    17: ['ZT'],
    18: ['ZTr'],
    21: ['AG'],
    23: ['ALP'],
    31: ['PN'],
    43: ['BO'],
    44: ['AZ'],
  },
};

/** Overlay plans (federal codes 61–64), the ALPHA_SEC / BRAVO_SEC values. */
export const OVERLAY_ZONE_CODES = ['61', '62', '63', '64'] as const;
/** Noise sensitivity levels (LSV), the ALPHA_TER / OVL_NOI values. */
export const NOISE_LEVELS = ['ES I', 'ES II', 'ES III', 'ES IV'] as const;
/** Natural-hazard levels of the cantonal hazard maps. */
export const HAZARD_LEVELS = ['red', 'blue', 'yellow', 'yellow-white', 'white', 'not assessed'] as const;
export const GROUNDWATER_ZONES = ['S1', 'S2', 'S3', 'Au'] as const;
/** Geothermal probe admissibility (cantonal Erdwärmesonden maps), the GRN_TRM values. */
export const THERMAL_CODES = ['EWS-ZUL', 'EWS-AUF', 'EWS-ABK', 'EWS-NZL'] as const;
export const SOIL_CLASSES = ['stable ground', 'fill material', 'unstable ground'] as const;
export const INFILTRATION_CLASSES = ['permitted', 'permitted with conditions', 'not permitted'] as const;
/** Site types and statuses of the register of contaminated sites (AltlV); GRN_CON is "site: status". */
export const CONTAMINATION_SITES = ['business site', 'landfill', 'accident site'] as const;
export const CONTAMINATION_STATUSES = [
  'no harmful effects expected',
  'investigation needed',
  'monitoring needed',
  'remediation needed',
] as const;
export const HERITAGE_VALUES = [
  'KGS A object',
  'cantonal protection',
  'protected object',
  'protected tree',
  'archaeological site',
  'archaeological area',
] as const;
/** OBJ_PRO of a building besides 'none'. */
export const PROTECTION_LEVELS = ['national', 'cantonal', 'communal'] as const;
export type ProtectionLevel = (typeof PROTECTION_LEVELS)[number];
export const BUILDING_TYPES: readonly BuildingType[] = [
  'bridge',
  'monument',
  'building',
  'building_non_residential',
  'mast_antenna',
  'wall',
  'tunnel_underpass_gallery',
  'other_part',
  'underground_building',
  'shelter',
  'water_basin',
  'protected_object',
];

/** Fixed-point types as the survey names them in each language region, by class (the FIX_NAM type part). */
export const FIXED_POINT_TYPES: Readonly<Record<LanguageRegion, Readonly<Record<string, string>>>> = {
  de: { planimetric3: 'Lagefixpunkt LFP3', planimetric2: 'Lagefixpunkt LFP2', height2: 'Höhenfixpunkt HFP2' },
  fr: {
    planimetric3: 'Point fixe planimétrique PFP3',
    planimetric2: 'Point fixe planimétrique PFP2',
    height2: 'Point fixe altimétrique PFA2',
  },
  it: {
    planimetric3: 'Punto fisso planimetrico PFP3',
    planimetric2: 'Punto fisso planimetrico PFP2',
    height2: 'Punto fisso altimetrico PFA2',
  },
};

/**
 * Underground objects of the map layer: register buildings below ground and shelters, geothermal probes
 * and heating-oil tanks (the layer's class, pseudo-field UND_TYP).
 */
export const UNDERGROUND_OBJECTS = ['underground_building', 'shelter', 'geothermal_probe', 'tank'] as const;
/**
 * Roof suitability for solar energy, 1 (low) … 5 (excellent), as the federal solar cadastre
 * (sonnendach.ch) classes a roof by its yearly irradiation (pseudo-field ROOF_SOLAR).
 */
export const SOLAR_CLASSES = ['1', '2', '3', '4', '5'] as const;

/** Radon classes by the probability (%) of exceeding the reference level; `upTo` is inclusive. */
export const RADON_CLASSES = [
  { id: 'low', upTo: 1 },
  { id: 'moderate', upTo: 10 },
  { id: 'elevated', upTo: 20 },
  { id: 'high', upTo: Infinity },
] as const;

/** The value lists fields draw from; a field's domain is the middle part of its keys. */
const DOMAIN_VALUES = {
  mainUse: MAIN_USES.map(String),
  overlayZone: OVERLAY_ZONE_CODES,
  noiseLevel: NOISE_LEVELS,
  hazard: HAZARD_LEVELS,
  groundwaterZone: GROUNDWATER_ZONES,
  thermal: THERMAL_CODES,
  soil: SOIL_CLASSES,
  infiltration: INFILTRATION_CLASSES,
  heritage: HERITAGE_VALUES,
  yesNo: ['yes', 'no'],
  protection: PROTECTION_LEVELS,
  buildingType: BUILDING_TYPES,
  propertyType: ['Eigentum', 'Baurecht'],
  parcelKind: ['Standard', 'Road'],
  fixedPoint: Object.keys(FIXED_POINT_TYPES.de),
  radon: RADON_CLASSES.map((c) => c.id),
  undergroundObject: UNDERGROUND_OBJECTS,
  solarClass: SOLAR_CLASSES,
  // Parsed values: their keys are templates (see describeValue).
  localZone: [],
  distance: [],
  contamination: [],
  period: [],
} satisfies Record<string, readonly string[]>;

type Domain = keyof typeof DOMAIN_VALUES;

/** Every field whose values the catalogue knows, and the domain each draws from. */
const FIELD_DOMAIN = {
  ALPHA_PRIS: 'localZone',
  ALPHA_SECS: 'overlayZone',
  ALPHA_TERS: 'noiseLevel',
  BRAVO_PRIS: 'mainUse',
  BRAVO_SECS: 'overlayZone',
  BRAVO_TERS: 'noiseLevel',
  OVL_COL: 'distance',
  OVL_CSL: 'distance',
  OVL_NSL: 'distance',
  OVL_FOL: 'distance',
  OVL_NOI: 'noiseLevel',
  OVL_WAL: 'distance',
  OVL_WAA: 'yesNo',
  GRN_SOI: 'soil',
  GRN_TRM: 'thermal',
  GRN_GWU: 'groundwaterZone',
  GRN_RAD: 'radon',
  GRN_CON: 'contamination',
  GRN_INF: 'infiltration',
  HAZ_FAL: 'hazard',
  HAZ_LAV: 'hazard',
  HAZ_SLI: 'hazard',
  HAZ_WAT: 'hazard',
  HAZ_DOL: 'hazard',
  PRO_BUN: 'heritage',
  PRO_BUC: 'heritage',
  PRO_OOB: 'heritage',
  PRO_BOO: 'heritage',
  PRO_ARS: 'heritage',
  PRO_ARP: 'heritage',
  ENV_WAT: 'yesNo',
  ENV_GWA: 'yesNo',
  ENV_FOR: 'yesNo',
  ENV_RES: 'yesNo',
  ENV_WAP: 'yesNo',
  EVN_ELE: 'yesNo',
  EVN_TRA: 'yesNo',
  EVN_AIR: 'yesNo',
  PRC_TYP: 'propertyType',
  PRC_IND: 'parcelKind',
  OBJ_TYP: 'buildingType',
  OBJ_PRO: 'protection',
  OBJ_POB: 'period',
  /** The type part of FIX_NAM ("Lagefixpunkt LFP3"). */
  FIX_TYPE: 'fixedPoint',
  /** The underground-objects layer's class. */
  UND_TYP: 'undergroundObject',
  /** A building roof's solar suitability class (building_roofs.solar_class). */
  ROOF_SOLAR: 'solarClass',
} as const satisfies Record<string, Domain>;

export type VocabularyField = keyof typeof FIELD_DOMAIN;
export const VOCABULARY_FIELDS = Object.keys(FIELD_DOMAIN) as VocabularyField[];

/** A translation key with the values its placeholders take (which may be catalogue entries themselves). */
export interface VocabularyMessage {
  id: string;
  values?: Record<string, string | number | VocabularyMessage>;
}

/** Formats one message, as react-intl's `formatMessage` or the server's translator does. */
export type TranslateMessage = (id: string, values?: Record<string, string | number>) => string;

const NONE_KEY = 'vocab.none';

/** The slug of a value in its key: "not assessed" → "not_assessed", "EWS-AUF" stays. */
export function vocabularySlug(value: string): string {
  return value.replace(/[^A-Za-z0-9-]+/g, '_');
}

function isVocabularyField(field: string): field is VocabularyField {
  return Object.hasOwn(FIELD_DOMAIN, field);
}

const ZONE_CODE_USE: ReadonlyMap<string, MainUse> = new Map(
  Object.values(LOCAL_ZONE_CODES).flatMap((region) =>
    MAIN_USES.flatMap((use) => region[use].map((code) => [code, use] as const)),
  ),
);

const FIXED_POINT_CLASS: ReadonlyMap<string, string> = new Map(
  Object.values(FIXED_POINT_TYPES).flatMap((region) =>
    Object.entries(region).map(([type, label]) => [label, type] as const),
  ),
);

/** The main use a local zone code ("W2", "Zone 4", "R3") or a federal code ("11") stands for. */
export function zoneMainUse(code: string): MainUse | undefined {
  const federal = Number(code);
  if ((MAIN_USES as readonly number[]).includes(federal)) return federal as MainUse;
  return ZONE_CODE_USE.get(code);
}

export function radonClass(percent: number): (typeof RADON_CLASSES)[number]['id'] {
  return (RADON_CLASSES.find((c) => percent <= c.upTo) ?? RADON_CLASSES[RADON_CLASSES.length - 1]).id;
}

function enumerated(domain: Domain, value: string): VocabularyMessage | undefined {
  return (DOMAIN_VALUES[domain] as readonly string[]).includes(value)
    ? { id: `vocab.${domain}.${vocabularySlug(value)}` }
    : undefined;
}

function periodMessage(value: string): VocabularyMessage | undefined {
  // Years stay strings: as numbers ICU would group them ("1,919").
  const before = /^before (\d{4})$/.exec(value);
  if (before) return { id: 'vocab.period.before', values: { year: before[1] } };
  const from = /^from (\d{4})$/.exec(value);
  if (from) return { id: 'vocab.period.from', values: { year: from[1] } };
  const range = /^(\d{4})-(\d{4})$/.exec(value);
  if (range) return { id: 'vocab.period.range', values: { from: range[1], to: range[2] } };
  return undefined;
}

function parsed(domain: Domain, value: string): VocabularyMessage | undefined {
  switch (domain) {
    case 'localZone': {
      const use = zoneMainUse(value);
      return use === undefined
        ? undefined
        : { id: 'vocab.localZone', values: { use: { id: `vocab.mainUse.${use}` }, code: value } };
    }
    case 'distance': {
      const match = /^(\d+(?:\.\d+)?) m$/.exec(value);
      return match ? { id: 'vocab.distance', values: { metres: Number(match[1]) } } : undefined;
    }
    case 'contamination': {
      const [site, status, ...rest] = value.split(': ');
      const siteKnown = (CONTAMINATION_SITES as readonly string[]).includes(site);
      const statusKnown = (CONTAMINATION_STATUSES as readonly string[]).includes(status);
      return siteKnown && statusKnown && rest.length === 0
        ? {
            id: 'vocab.contamination',
            values: {
              site: { id: `vocab.contaminationSite.${vocabularySlug(site)}` },
              status: { id: `vocab.contaminationStatus.${vocabularySlug(status)}` },
            },
          }
        : undefined;
    }
    case 'period':
      return periodMessage(value);
    case 'fixedPoint': {
      const type = FIXED_POINT_CLASS.get(value);
      return type ? { id: `vocab.fixedPoint.${type}` } : undefined;
    }
    case 'radon':
      return undefined;
    default:
      return enumerated(domain, value);
  }
}

/**
 * The message a coded value reads as; undefined for an unknown code or free text (names, numbers), which
 * are shown as they are. GRN_RAD takes the percentage and gives its class.
 */
export function describeValue(field: string, value: unknown): VocabularyMessage | undefined {
  if (!isVocabularyField(field)) return undefined;
  const domain: Domain = FIELD_DOMAIN[field];
  if (domain === 'radon')
    return typeof value === 'number' && Number.isFinite(value)
      ? { id: `vocab.radon.${radonClass(value)}` }
      : undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  if (text === 'none') return { id: NONE_KEY };
  return parsed(domain, text);
}

/** The translation key of a coded value (a template's key for composite values); undefined for free text. */
export function vocabularyKey(field: string, value: unknown): string | undefined {
  return describeValue(field, value)?.id;
}

/** Every key a message uses, its own and those of the entries in its placeholders. */
export function vocabularyMessageKeys(message: VocabularyMessage): string[] {
  return [
    message.id,
    ...Object.values(message.values ?? {}).flatMap((v) =>
      typeof v === 'object' ? vocabularyMessageKeys(v) : [],
    ),
  ];
}

/** Formats a message, filling placeholders that are catalogue entries first. */
export function formatVocabularyMessage(message: VocabularyMessage, translate: TranslateMessage): string {
  if (!message.values) return translate(message.id);
  const values = Object.fromEntries(
    Object.entries(message.values).map(([name, v]) => [
      name,
      typeof v === 'object' ? formatVocabularyMessage(v, translate) : v,
    ]),
  );
  return translate(message.id, values);
}

/** A value as text in the reader's language; an unknown code or free text as it is. */
export function translateValue(field: string, value: unknown, translate: TranslateMessage): string {
  const message = describeValue(field, value);
  return message ? formatVocabularyMessage(message, translate) : String(value);
}

/** How a thematic map layer fills a class. `hatched`: drawn as a hatch over the colour (yellow-white). */
export interface ClassStyle {
  colour: string;
  hatched: boolean;
}

/** Zone colours as the cantonal zone plans draw them, by main use. */
const MAIN_USE_COLOURS: Readonly<Record<MainUse, string>> = {
  11: '#ffd94a', // residential: yellow
  12: '#a48bc9', // work: violet
  13: '#f5a04b', // mixed: orange
  14: '#a8553a', // centre / core: brown-red
  15: '#8ea3b8', // public use: blue-grey
  16: '#9ccc7a', // green zone
  17: '#e8b4c8', // tourism and leisure
  18: '#c8c8c8', // traffic: grey
  21: '#d9ecb1', // agricultural: light green
  23: '#e6efcf', // alpine pasture
  31: '#6aaa64', // nature protection
  43: '#2f6b3a', // forest: dark green
  44: '#ededed', // other non-building zone
};

const CLASS_COLOURS: Readonly<Record<string, Readonly<Record<string, string>> | undefined>> = {
  // The federal hazard-map colours.
  hazard: {
    red: '#e2001a',
    blue: '#0070c0',
    yellow: '#ffe500',
    'yellow-white': '#fff7a8',
    white: '#ffffff',
    'not assessed': '#bdbdbd',
  },
  // Strong enough to read over the parcel plan at zoom 15 (the zone S1 darkest, the protection area Au lightest).
  groundwaterZone: { S1: '#08306b', S2: '#2171b5', S3: '#4f9bd9', Au: '#8ec3ea' },
  // ES I quiet green … ES IV industrial red, as the cantonal noise-sensitivity plans.
  noiseLevel: { 'ES I': '#4caf50', 'ES II': '#ffe14d', 'ES III': '#ff9a3c', 'ES IV': '#d7263d' },
  radon: { low: '#cfe8c1', moderate: '#ffe08a', elevated: '#ff9f43', high: '#c0392b' },
  heritage: {
    'KGS A object': '#b0003a',
    'cantonal protection': '#e6550d',
    'protected object': '#8e44ad',
    'protected tree': '#2e8b57',
    'archaeological site': '#8d6e63',
    'archaeological area': '#bcaaa4',
  },
  fixedPoint: { planimetric3: '#455a64', planimetric2: '#1565c0', height2: '#c62828' },
  undergroundObject: {
    underground_building: '#5c6bc0',
    shelter: '#26a69a',
    geothermal_probe: '#e53935',
    tank: '#6d4c41',
  },
  // The solar cadastre's scale from low (grey-blue) to excellent (deep orange).
  solarClass: { '1': '#9fb6cd', '2': '#f7e08a', '3': '#f9b94d', '4': '#f0782f', '5': '#c8361b' },
  // Register of contaminated sites: by what the site needs.
  contaminationStatus: {
    'no harmful effects expected': '#f2d94e',
    'investigation needed': '#f39c34',
    'monitoring needed': '#e0642a',
    'remediation needed': '#b8202c',
  },
};

const HATCHED = new Set(['yellow-white', 'Au']);

/** The class a value falls in for colouring, and the colour table that holds it. */
function colourClass(field: VocabularyField, value: unknown): [table: string, value: string] | undefined {
  const domain: Domain = FIELD_DOMAIN[field];
  if (domain === 'radon') return typeof value === 'number' ? ['radon', radonClass(value)] : undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  if (domain === 'localZone' || domain === 'mainUse') {
    const use = zoneMainUse(text);
    return use === undefined ? undefined : ['mainUse', String(use)];
  }
  if (domain === 'contamination') {
    const status = text.split(': ')[1];
    return status ? ['contaminationStatus', status] : undefined;
  }
  return [domain, text];
}

/**
 * How a thematic layer fills a value: zones by main use, hazard levels, groundwater zones, noise
 * sensitivity levels, radon classes (GRN_RAD as a percentage) and contamination status. Undefined for a
 * value that is not a coloured class (including "none": no fill).
 */
export function classStyle(field: string, value: unknown): ClassStyle | undefined {
  if (!isVocabularyField(field)) return undefined;
  const found = colourClass(field, value);
  if (!found) return undefined;
  const [table, cls] = found;
  const colour = table === 'mainUse' ? MAIN_USE_COLOURS[Number(cls) as MainUse] : CLASS_COLOURS[table]?.[cls];
  return colour ? { colour, hatched: HATCHED.has(cls) } : undefined;
}

export function classColour(field: string, value: unknown): string | undefined {
  return classStyle(field, value)?.colour;
}

/** A legend entry of a coloured class. */
export interface VocabularyClass {
  value: string;
  message: VocabularyMessage;
  colour: string;
  hatched: boolean;
}

/**
 * The coloured classes of a field in catalogue order (a map legend): main uses for the zone fields,
 * the hazard levels, groundwater zones, noise levels, radon classes, contamination statuses.
 */
export function vocabularyClasses(field: VocabularyField): VocabularyClass[] {
  const domain: Domain = FIELD_DOMAIN[field];
  const entries: [value: string, message: VocabularyMessage, style: ClassStyle | undefined][] =
    domain === 'radon'
      ? RADON_CLASSES.map((c) => [
          c.id,
          { id: `vocab.radon.${c.id}` },
          classStyle(field, c.upTo === Infinity ? 100 : c.upTo),
        ])
      : domain === 'contamination'
        ? CONTAMINATION_STATUSES.map((status) => [
            status,
            { id: `vocab.contaminationStatus.${vocabularySlug(status)}` },
            classStyle(field, `business site: ${status}`),
          ])
        : domain === 'localZone' || domain === 'mainUse'
          ? MAIN_USES.map((use) => [
              String(use),
              { id: `vocab.mainUse.${use}` },
              classStyle('BRAVO_PRIS', String(use)),
            ])
          : (DOMAIN_VALUES[domain] as readonly string[]).map((value) => [
              value,
              { id: `vocab.${domain}.${vocabularySlug(value)}` },
              classStyle(field, value),
            ]);
  return entries.flatMap(([value, message, style]) => (style ? [{ value, message, ...style }] : []));
}
