import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import {
  BUILDING_TYPES,
  classColour,
  classStyle,
  describeValue,
  MAIN_USES,
  translateValue,
  vocabularyClasses,
  vocabularyKey,
  vocabularyMessageKeys,
  zoneMainUse,
  LOCAL_ZONE_CODES,
  type TranslateMessage,
} from '../../src/contract/ParcelVocabulary';
import { THEME_VOCABULARY } from '../../server/store/contract/parcels/themeCodec';
import { alphaCatalog, mainUseCode } from '../../server/data/catalog/zoneCatalog';
import { THERMAL_CODES } from '../../server/data/catalog/thermalCatalog';
import { CONSTRUCTION_PERIODS, MINOR_TYPES } from '../../server/data/catalog/buildingCatalog';
import { loadSwissGeography } from '../../server/data/geography/loadSwissGeography';
import { planMunicipalities } from '../../server/data/planMunicipalities';
import { createDatasetNoise } from '../../server/data/generator/DatasetNoise';
import { generateMunicipality } from '../../server/data/generator/generateMunicipality';
import { fixedPointParts } from '../../src/features/parcel/parcelDisplay';

const LANGUAGES = ['en', 'de', 'fr', 'it'] as const;
const messages = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    JSON.parse(
      fs.readFileSync(path.join(process.cwd(), 'translations', `${language}.json`), 'utf8'),
    ) as Record<string, string>,
  ]),
);

function translator(language: (typeof LANGUAGES)[number]): TranslateMessage {
  return (id, values) => String(new IntlMessageFormat(messages[language][id], language).format(values));
}

/** A sample of what the generator writes: one municipality in each language region. */
function generated(canton: string) {
  const seed = 3;
  const input = planMunicipalities(loadSwissGeography(), [canton], seed, createDatasetNoise(seed), {
    maxMunicipalities: 1,
    maxParcelsPerMunicipality: 400,
  })[0];
  return generateMunicipality(input);
}

/** Every (field, value) the generator's catalogues can produce. */
function generatorValues(): [field: string, value: string][] {
  const pairs: [string, string][] = Object.entries(THEME_VOCABULARY).flatMap(([field, values]) =>
    values.map((value) => [field, value] as [string, string]),
  );
  for (const language of ['de', 'fr', 'it'] as const) {
    const { primary, secondary, tertiary } = alphaCatalog(language);
    pairs.push(...primary.map((c) => ['ALPHA_PRIS', c.code] as [string, string]));
    pairs.push(...secondary.map((c) => ['ALPHA_SECS', c.code] as [string, string]));
    pairs.push(...tertiary.map((c) => ['ALPHA_TERS', c.code] as [string, string]));
  }
  pairs.push(...MAIN_USES.map((use) => ['BRAVO_PRIS', mainUseCode(use)] as [string, string]));
  pairs.push(...THERMAL_CODES.map((c) => ['GRN_TRM', c.code] as [string, string]));
  pairs.push(...CONSTRUCTION_PERIODS.map((p) => ['OBJ_POB', p.label] as [string, string]));
  pairs.push(...MINOR_TYPES.map(([type]) => ['OBJ_TYP', type] as [string, string]));
  return pairs;
}

describe('parcel vocabulary: one translated catalogue of the coded values', () => {
  const samples = ['ZG', 'VD', 'TI'].map(generated);

  it('has a message for every value the generator catalogues can produce, in all four languages', () => {
    const unknown: string[] = [];
    const missing: string[] = [];
    for (const [field, value] of generatorValues()) {
      const message = describeValue(field, value);
      if (!message) {
        unknown.push(`${field}=${value}`);
        continue;
      }
      for (const key of vocabularyMessageKeys(message))
        for (const language of LANGUAGES) if (!messages[language][key]) missing.push(`${language}:${key}`);
    }
    expect(unknown).toEqual([]);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('knows every coded value of generated parcels, buildings and fixed points (de, fr, it regions)', () => {
    const unknown = new Set<string>();
    const check = (field: string, value: unknown) => {
      if (!describeValue(field, value)) unknown.add(`${field}=${String(value)}`);
    };
    for (const m of samples) {
      for (const p of m.parcels) {
        for (const [field, value] of Object.entries(p.themes)) check(field, value);
        check('ALPHA_PRIS', p.alphaPri);
        if (p.alphaSec) check('ALPHA_SECS', p.alphaSec);
        if (p.alphaTer) check('ALPHA_TERS', p.alphaTer);
        check('BRAVO_PRIS', p.bravoPri);
        check('GRN_TRM', p.grnTrm);
        check('GRN_RAD', p.grnRad);
        check('PRC_TYP', p.typ);
        check('PRC_IND', p.ind);
        for (const point of p.fixPoints) check('FIX_TYPE', fixedPointParts(point.FIX_NAM).type);
      }
      for (const b of m.buildings) {
        check('OBJ_TYP', b.OBJ_TYP);
        check('OBJ_PRO', b.OBJ_PRO);
        check('OBJ_POB', b.OBJ_POB);
      }
    }
    expect([...unknown]).toEqual([]);
  });

  it('gives every building type a key', () => {
    for (const type of BUILDING_TYPES) expect(messages.de[vocabularyKey('OBJ_TYP', type) ?? '']).toBeTruthy();
  });

  it('reads a local zone code as the same main use in every region', () => {
    const seen = new Map<string, number>();
    for (const region of Object.values(LOCAL_ZONE_CODES))
      for (const use of MAIN_USES)
        for (const code of region[use]) {
          expect(seen.get(code) ?? use).toBe(use);
          seen.set(code, use);
        }
    expect(zoneMainUse('W2')).toBe(11);
    expect(zoneMainUse('11')).toBe(11);
    expect(zoneMainUse('Q9')).toBeUndefined();
  });

  it('translates codes, "none", yes/no and composite values, and leaves free text and unknown codes as they are', () => {
    const de = translator('de');
    const fr = translator('fr');
    const it = translator('it');
    expect(translateValue('HAZ_WAT', 'red', de)).toBe('erhebliche Gefährdung (rot)');
    expect(translateValue('HAZ_WAT', 'red', fr)).toBe('danger élevé (rouge)');
    expect(translateValue('HAZ_WAT', 'red', it)).toBe('pericolo elevato (rosso)');
    expect(translateValue('PRO_BUN', 'none', de)).toBe('keine');
    expect(translateValue('PRO_BUN', 'none', fr)).toBe('aucun');
    expect(translateValue('ENV_FOR', 'no', de)).toBe('nein');
    expect(translateValue('GRN_SOI', 'unstable ground', de)).toBe('instabiler Baugrund');
    expect(translateValue('GRN_GWU', 'S1', de)).toBe('Grundwasserschutzzone S1');
    expect(translateValue('GRN_GWU', 'S1', fr)).toBe('zone de protection des eaux souterraines S1');
    expect(translateValue('GRN_TRM', 'EWS-AUF', de)).toBe('Erdwärmesonden zulässig mit Auflagen');
    expect(translateValue('ALPHA_SECS', '64', de)).toBe('Sondernutzungsplan (64)');
    expect(translateValue('ALPHA_PRIS', 'W2', de)).toBe('Wohnzone (W2)');
    expect(translateValue('ALPHA_TERS', 'ES II', de)).toBe('Empfindlichkeitsstufe II (Wohnen)');
    expect(translateValue('OVL_NSL', '25 m', de)).toBe('25 m');
    expect(translateValue('GRN_CON', 'business site: investigation needed', de)).toBe(
      'Betriebsstandort: untersuchungsbedürftig',
    );
    expect(translateValue('GRN_CON', 'landfill: monitoring needed', fr)).toBe(
      'site de stockage définitif : nécessite une surveillance',
    );
    expect(translateValue('OBJ_POB', 'before 1919', de)).toBe('vor 1919');
    expect(translateValue('OBJ_POB', '1961-1970', de)).toBe('1961–1970');
    expect(translateValue('OBJ_PRO', 'national', it)).toBe('nazionale');
    expect(translateValue('FIX_TYPE', 'Lagefixpunkt LFP3', fr)).toBe('point fixe planimétrique PFP3');
    // Unknown codes and free text: shown as they are.
    expect(vocabularyKey('HAZ_WAT', 'purple')).toBeUndefined();
    expect(translateValue('HAZ_WAT', 'purple', de)).toBe('purple');
    expect(vocabularyKey('PRC_NO', '1234')).toBeUndefined();
    expect(vocabularyKey('GRN_CON', 'landfill: unknown status')).toBeUndefined();
  });

  it('colours the classes a thematic layer draws in the conventional Swiss colours', () => {
    expect(classColour('HAZ_WAT', 'red')).toBe('#e2001a');
    expect(classColour('HAZ_SLI', 'blue')).toBe('#0070c0');
    expect(classStyle('HAZ_FAL', 'yellow-white')).toEqual({ colour: '#fff7a8', hatched: true });
    expect(classColour('HAZ_WAT', 'none')).toBeUndefined();
    expect(classColour('ALPHA_PRIS', 'W2')).toBe(classColour('BRAVO_PRIS', '11'));
    expect(classColour('BRAVO_PRIS', '43')).toBe('#2f6b3a');
    expect(classColour('GRN_CON', 'landfill: remediation needed')).toBe(
      classColour('GRN_CON', 'business site: remediation needed'),
    );
    expect(classColour('GRN_RAD', 25)).toBe('#c0392b');
    // The map layers' point and building classes: heritage, underground objects, solar roofs.
    expect(classColour('PRO_BUN', 'KGS A object')).toMatch(/^#[0-9a-f]{6}$/);
    expect(classColour('PRO_BUN', 'none')).toBeUndefined();
    expect(vocabularyClasses('UND_TYP').map((c) => c.value)).toEqual([
      'underground_building',
      'shelter',
      'geothermal_probe',
      'tank',
    ]);
    expect(vocabularyClasses('ROOF_SOLAR').map((c) => c.message.id)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `vocab.solarClass.${n}`),
    );
    // Every hazard level, groundwater zone and noise level the generator writes has a colour.
    for (const field of ['HAZ_WAT', 'GRN_GWU', 'OVL_NOI'])
      for (const value of THEME_VOCABULARY[field].filter((v) => v !== 'none'))
        expect(classColour(field, value)).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('lists a legend of the coloured classes of a field, each with a translated message', () => {
    const legend = vocabularyClasses('HAZ_WAT');
    expect(legend.map((c) => c.value)).toEqual([
      'red',
      'blue',
      'yellow',
      'yellow-white',
      'white',
      'not assessed',
    ]);
    expect(vocabularyClasses('BRAVO_PRIS')).toHaveLength(MAIN_USES.length);
    expect(vocabularyClasses('GRN_RAD').map((c) => c.value)).toEqual(['low', 'moderate', 'elevated', 'high']);
    expect(vocabularyClasses('GRN_CON')).toHaveLength(4);
    for (const field of ['HAZ_WAT', 'BRAVO_PRIS', 'GRN_GWU', 'OVL_NOI', 'GRN_RAD', 'GRN_CON'] as const)
      for (const entry of vocabularyClasses(field))
        for (const language of LANGUAGES) expect(messages[language][entry.message.id]).toBeTruthy();
  });
});
