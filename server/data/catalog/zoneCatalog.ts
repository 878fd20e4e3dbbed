import type { Language } from '../../geo/cantons';
import type { LabelledCode } from '../../store/parcels/DatasetWriter';
import { LOCAL_ZONE_CODES, type MainUse } from '../../../src/contract/ParcelVocabulary';

/** Federal main-use codes (Hauptnutzung) the generator assigns to blocks. */
export type { MainUse };

export const BUILDING_ZONES: ReadonlySet<MainUse> = new Set([11, 12, 13, 14, 15, 16, 17, 18]);

type Labels = [en: string, de: string, fr: string, it: string];

const MAIN_USE_LABELS: Record<MainUse, Labels> = {
  11: ['Residential zone', 'Wohnzone', 'Zone d’habitation', 'Zona residenziale'],
  12: ['Work zone', 'Arbeitszone', 'Zone d’activités', 'Zona lavorativa'],
  13: ['Mixed zone', 'Mischzone', 'Zone mixte', 'Zona mista'],
  14: ['Centre zone', 'Zentrumszone', 'Zone centrale', 'Zona nucleo'],
  15: ['Public use zone', 'Zone für öffentliche Nutzungen', 'Zone d’utilité publique', 'Zona per scopi pubblici'],
  16: ['Green zone', 'Grünzone', 'Zone de verdure', 'Zona verde'],
  17: ['Tourism and leisure zone', 'Tourismus- und Freizeitzone', 'Zone de tourisme et de loisirs', 'Zona turistica e di svago'],
  18: ['Traffic zone', 'Verkehrszone', 'Zone de circulation', 'Zona del traffico'],
  21: ['Agricultural zone', 'Landwirtschaftszone', 'Zone agricole', 'Zona agricola'],
  23: ['Alpine pasture', 'Sömmerungsgebiet', 'Région d’estivage', 'Regione d’estivazione'],
  31: ['Nature protection zone', 'Naturschutzzone', 'Zone de protection de la nature', 'Zona di protezione della natura'],
  43: ['Forest', 'Wald', 'Forêt', 'Bosco'],
  44: ['Other zone outside building zones', 'Übriges Gebiet', 'Autre zone hors zone à bâtir', 'Altra zona fuori zona edificabile'],
};

/** Overlay plans (federal codes 61–64) used as secondary zoning. */
const SECONDARY: [code: string, labels: Labels][] = [
  ['61', ['Site protection overlay', 'Ortsbildschutzzone', 'Périmètre de protection du site', 'Zona di protezione del nucleo']],
  ['62', ['Nature and landscape overlay', 'Natur- und Landschaftsschutz', 'Protection nature et paysage', 'Protezione natura e paesaggio']],
  ['63', ['Hazard zone overlay', 'Gefahrenzone', 'Zone de danger', 'Zona di pericolo']],
  ['64', ['Special use plan', 'Bebauungsplan', 'Plan d’affectation spécial', 'Piano di utilizzazione speciale']],
];

/** Tertiary zoning: noise sensitivity levels and development plans. */
const TERTIARY: [code: string, labels: Labels][] = [
  ['ES I', ['Noise sensitivity I (quiet)', 'Empfindlichkeitsstufe I', 'Degré de sensibilité I', 'Grado di sensibilità I']],
  ['ES II', ['Noise sensitivity II (residential)', 'Empfindlichkeitsstufe II', 'Degré de sensibilité II', 'Grado di sensibilità II']],
  ['ES III', ['Noise sensitivity III (mixed)', 'Empfindlichkeitsstufe III', 'Degré de sensibilité III', 'Grado di sensibilità III']],
  ['ES IV', ['Noise sensitivity IV (industrial)', 'Empfindlichkeitsstufe IV', 'Degré de sensibilité IV', 'Grado di sensibilità IV']],
];

function labelled(code: string, [en, de, fr, it]: Labels, suffix = ''): LabelledCode {
  return { code, lang: { en: en + suffix, de: de + suffix, fr: fr + suffix, it: it + suffix } };
}

/** Zone code for a main use in a language region; `variant` picks among the local codes. */
export function localZoneCode(language: Language, use: MainUse, variant: number): LabelledCode {
  const codes = LOCAL_ZONE_CODES[language][use];
  const code = codes[variant % codes.length];
  return labelled(code, MAIN_USE_LABELS[use], ` (${code})`);
}

export interface AlphaCatalog {
  primary: LabelledCode[];
  secondary: LabelledCode[];
  tertiary: LabelledCode[];
}

/** Every zone code of a canton, as the alpha lookups return them. */
export function alphaCatalog(language: Language): AlphaCatalog {
  const primary = (Object.keys(LOCAL_ZONE_CODES[language]) as unknown as MainUse[]).flatMap((use) =>
    LOCAL_ZONE_CODES[language][Number(use) as MainUse].map((_, i) => localZoneCode(language, Number(use) as MainUse, i)),
  );
  return {
    primary,
    secondary: SECONDARY.map(([code, labels]) => labelled(code, labels)),
    tertiary: TERTIARY.map(([code, labels]) => labelled(code, labels)),
  };
}

/** Harmonised federal main-use code and label (the BRAVO fields). */
export function mainUseCode(use: MainUse): LabelledCode {
  return labelled(String(use), MAIN_USE_LABELS[use]);
}

export const SECONDARY_CODES = SECONDARY.map(([code]) => code);
export const NOISE_LEVEL_CODES = TERTIARY.map(([code]) => code);
