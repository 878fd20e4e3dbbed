import fs from 'node:fs';
import path from 'node:path';
import { CadastreImportError, reason, type Reason } from '../../server/data/cadastre/CadastreSource';
import { polygonReason } from '../../server/data/cadastre/validateAreaGeometry';
import { geoJsonArea } from '../../server/data/cadastre/readGeoJsonStream';
import { parseCadastreMapping } from '../../server/data/cadastre/CadastreMapping';
import { outsideSwitzerland } from '../../server/data/cadastre/importCadastre';
import { formatReason } from '../../server/services/cadastre/CadastreImportService';
import { createServerTranslator, SERVER_LANGUAGES } from '../../server/services/i18n/ServerTranslator';

/**
 * A refused feature's reason reaches the admin in their language: the feature's name and the reason are
 * catalogue keys with values (nested: a ring's name inside the reason), and the English catalogue gives
 * back exactly the importer's English message.
 */

const translator = createServerTranslator();
const refusal = (error: unknown) => error as CadastreImportError;
const thrown = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return refusal(error);
  }
  throw new Error('expected a refusal');
};
const bowtie: [number, number][] = [
  [0, 0],
  [6, 6],
  [6, 0],
  [0, 6],
  [0, 0],
];
const inLanguages = (error: CadastreImportError) =>
  Object.fromEntries(
    SERVER_LANGUAGES.map((language) => [language, formatReason(translator, language, error.translatable!)]),
  );

describe('per-feature refusal reasons in the admin’s language', () => {
  it('a self-intersecting outline of a Shapefile record, in all four languages', () => {
    const error = new CadastreImportError('Bodenbedeckung record 3', polygonReason([bowtie]) as Reason);
    expect(error.message).toBe(
      'Bodenbedeckung record 3: invalid geometry: the exterior ring intersects itself (edges 1 and 3)',
    );
    expect(inLanguages(error)).toEqual({
      en: error.message,
      de: 'Bodenbedeckung Datensatz 3: ungültige Geometrie: der äussere Ring schneidet sich selbst (Kanten 1 und 3)',
      fr: 'Bodenbedeckung enregistrement 3 : géométrie non valide : l’anneau extérieur se recoupe (côtés 1 et 3)',
      it: 'Bodenbedeckung record 3: geometria non valida: l’anello esterno si interseca (lati 1 e 3)',
    });
  });

  it('a hole that is not closed, in a GeoPackage feature', () => {
    const hole: [number, number][] = [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 2],
    ];
    const error = new CadastreImportError(
      'Liegenschaft fid 12',
      polygonReason([
        [
          [0, 0],
          [9, 0],
          [9, 9],
          [0, 9],
          [0, 0],
        ],
        hole,
      ]) as Reason,
    );
    expect(inLanguages(error)).toMatchObject({
      en: 'Liegenschaft fid 12: invalid geometry: hole 1 is not closed',
      de: 'Liegenschaft fid 12: ungültige Geometrie: Loch 1 ist nicht geschlossen',
    });
  });

  it('a GeoJSON feature of the wrong geometry type, a coordinate outside Switzerland, a mapping without egrid', () => {
    const point = new CadastreImportError(
      'feature 3',
      geoJsonArea({ type: 'Point', coordinates: [8, 47] }) as Reason,
    );
    expect(inLanguages(point)).toMatchObject({
      en: 'feature 3: geometry is a Point, expected a Polygon or MultiPolygon',
      de: 'Objekt 3: die Geometrie ist ein Point, erwartet wird ein Polygon oder MultiPolygon',
      fr: 'entité 3 : la géométrie est un Point, un Polygon ou MultiPolygon est attendu',
    });
    const outside = new CadastreImportError('feature 1', outsideSwitzerland(2485000.5, 1075000, 'EPSG:2056'));
    expect(inLanguages(outside).en).toBe(outside.message);
    expect(inLanguages(outside).it).toBe(
      'elemento 1: sistema di coordinate errato: la coordinata (2485000.5, 1075000) si trova fuori dalla Svizzera in EPSG:2056',
    );
    const mapping = thrown(() => parseCadastreMapping('{"number": "Nummer"}'));
    expect(inLanguages(mapping)).toMatchObject({
      en: 'mapping file: "egrid" is required',
      de: 'Zuordnungsdatei: «egrid» ist erforderlich',
    });
  });

  it('a GeoPackage of several feature tables, counted in the plural', () => {
    const error = new CadastreImportError(
      'parcels.gpkg',
      reason('reason.manyTables', 'has 2 feature tables (a, b); name one as "layer" in the mapping', {
        count: 2,
        names: 'a, b',
      }),
    );
    expect(inLanguages(error)).toMatchObject({
      en: error.message,
      de: 'parcels.gpkg: hat 2 Objekttabellen (a, b); nennen Sie eine als «layer» in der Zuordnung',
    });
  });

  it('the vertex limit with the numbers grouped as each language groups them', () => {
    const error = new CadastreImportError(
      'feature 2',
      reason(
        'reason.parcelVertices',
        'has 25,000 vertices, more than the 20,000 a parcel may have (CADASTRE_MAX_VERTICES)',
        {
          vertices: 25_000,
          max: 20_000,
        },
      ),
    );
    expect(inLanguages(error).en).toBe(error.message);
    expect(inLanguages(error).de).toMatch(/^Objekt 2: hat 25.000 Stützpunkte, mehr als die 20.000/);
  });

  it('every reason key the importer uses is in all four catalogues', () => {
    const sources = ['server/data/cadastre', 'server/data/cadastre/buildings'].flatMap((dir) =>
      fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.ts'))
        .map((name) => fs.readFileSync(path.join(dir, name), 'utf8')),
    );
    const keys = new Set(
      sources.flatMap((text) => [
        ...[...text.matchAll(/\breason\(\s*'([\w.]+)'/g)].map((m) => `server.cadastre.${m[1]}`),
        ...[...text.matchAll(/\bringReason\(\s*'(\w+)'/g)].map((m) => `server.cadastre.reason.ring.${m[1]}`),
        ...[...text.matchAll(/\bfileRefusal\(\s*'(\w+)'/g)].map((m) => `server.cadastre.${m[1]}`),
      ]),
    );
    expect(keys.size).toBeGreaterThan(50);
    const missing = SERVER_LANGUAGES.flatMap((language) =>
      [...keys].filter((key) => !translator.has(language, key)).map((key) => `${language} ${key}`),
    );
    expect(missing).toEqual([]);
  });
});
