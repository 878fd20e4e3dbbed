import { createRequire } from 'node:module';
import path from 'node:path';
import { CANTON_BY_BFS, CANTONS } from '../../geo/cantons';
import { readDbf } from '../../geo/readDbf';

/** A named place a search text can mean: a municipality (by its official name) or a canton. */
export interface Place {
  kind: 'municipality' | 'canton';
  /** The official name (the dataset's municipality name), e.g. "Genève". */
  name: string;
  cantonCode: string;
}

/**
 * Other names of Swiss towns in the national languages and English (exonyms), keyed by the official
 * municipality name the register uses. "Genf", "Ginevra" and "Geneva" find Genève's parcels.
 */
export const MUNICIPALITY_EXONYMS: Readonly<Record<string, readonly string[]>> = {
  Genève: ['Genf', 'Ginevra', 'Geneva', 'Geneve'],
  Luzern: ['Lucerne', 'Lucerna'],
  Zürich: ['Zurich', 'Zurigo', 'Zuerich'],
  Bern: ['Berne', 'Berna'],
  Basel: ['Bâle', 'Basilea', 'Basle'],
  'Biel/Bienne': ['Biel', 'Bienne'],
  Fribourg: ['Freiburg', 'Friburgo'],
  Neuchâtel: ['Neuenburg', 'Neuchatel'],
  Sion: ['Sitten', 'Sion VS'],
  Solothurn: ['Soleure', 'Soletta'],
  Schaffhausen: ['Schaffhouse', 'Sciaffusa'],
  'St. Gallen': ['Saint-Gall', 'San Gallo', 'St Gallen', 'Sankt Gallen'],
  Chur: ['Coire', 'Coira', 'Cuira'],
  Lausanne: ['Losanna'],
  Lugano: ['Lauis'],
  Bellinzona: ['Bellenz'],
  Locarno: ['Luggarus'],
  Zug: ['Zoug', 'Zugo'],
  Thun: ['Thoune'],
  Winterthur: ['Winterthour'],
  Delémont: ['Delsberg'],
  Aarau: ['Arau'],
  Schwyz: ['Schwytz', 'Svitto'],
  Altdorf: ['Altdorf UR'],
  Glarus: ['Glaris', 'Glarona'],
  Sarnen: ['Sarnen OW'],
  Stans: ['Stans NW'],
  Herisau: ['Herisau AR'],
  Frauenfeld: ['Frauenfeld TG'],
  Liestal: ['Liestal BL'],
  Appenzell: ['Appenzello'],
};

/** Lower case without accents or extra spaces: how a typed place name is compared. */
export function foldPlaceName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .trim();
}

export interface PlaceNames {
  /** The places a whole search text names (several municipalities may share a name); [] for none. */
  match(text: string): Place[];
}

/** Every Swiss municipality name with its canton (swiss-maps 2024, BFS GEOSTAT, the base map's source). */
function swissMunicipalities(): Place[] {
  const require_ = createRequire(__filename);
  const dir = path.join(path.dirname(require_.resolve('swiss-maps/package.json')), '2024');
  return readDbf(path.join(dir, 'municipalities.dbf')).flatMap((record): Place[] => {
    const canton = CANTON_BY_BFS.get(Number(record.KTNR));
    return record.name && canton
      ? [{ kind: 'municipality', name: record.name, cantonCode: canton.code }]
      : [];
  });
}

/**
 * The places of Switzerland by every name they go by: all municipalities (official name and exonyms) and
 * the 26 cantons in four languages. Built on first use (reads a 2,000-row table once).
 */
export function createPlaceNames(municipalities: () => Place[] = swissMunicipalities): PlaceNames {
  let byName: Map<string, Place[]> | null = null;
  const build = () => {
    const names = new Map<string, Place[]>();
    const add = (alias: string, place: Place) => {
      const key = foldPlaceName(alias);
      const list = names.get(key) ?? [];
      if (
        !list.some((p) => p.kind === place.kind && p.name === place.name && p.cantonCode === place.cantonCode)
      )
        list.push(place);
      names.set(key, list);
    };
    for (const place of municipalities()) {
      add(place.name, place);
      for (const alias of MUNICIPALITY_EXONYMS[place.name] ?? []) add(alias, place);
    }
    for (const canton of CANTONS) {
      const place: Place = { kind: 'canton', name: canton.name, cantonCode: canton.code };
      for (const name of [canton.name, ...Object.values(canton.names)]) add(name, place);
    }
    return names;
  };
  return {
    match(text) {
      byName ??= build();
      return byName.get(foldPlaceName(text)) ?? [];
    },
  };
}
