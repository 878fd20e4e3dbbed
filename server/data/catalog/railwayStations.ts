import type { Place } from '../geography/SwissGeography';

/**
 * Municipalities with a railway station (standard or narrow gauge, passenger service), by canton and the
 * name the BFS gives them, for the default cantons: read off the SBB network map and the cantonal
 * S-Bahn maps (Stadtbahn Zug, S-Bahn Luzern, Léman Express, TILO; FLP and Centovalli lines). Only these
 * get a station and station street names ("Bahnhofstrasse", "Rue de la Gare", "Via Stazione"): Neuheim,
 * Menzingen and the Ägerital have had no railway since 1955.
 */
export const STATION_MUNICIPALITIES: Readonly<Record<string, readonly string[]>> = {
  ZG: ['Baar', 'Cham', 'Hünenberg', 'Risch', 'Steinhausen', 'Walchwil', 'Zug'],
  LU: [
    'Luzern', 'Emmen', 'Kriens', 'Horw', 'Ebikon', 'Buchrain', 'Root', 'Meggen', 'Malters', 'Werthenstein',
    'Wolhusen', 'Entlebuch', 'Hasle (LU)', 'Schüpfheim', 'Escholzmatt-Marbach', 'Menznau', 'Willisau',
    'Zell (LU)', 'Rothenburg', 'Neuenkirch', 'Nottwil', 'Sursee', 'Dagmersellen', 'Nebikon', 'Wauwil', 'Reiden',
    'Eschenbach (LU)', 'Ballwil', 'Hochdorf', 'Hitzkirch',
  ],
  GE: [
    'Genève', 'Vernier', 'Meyrin', 'Lancy', 'Chêne-Bourg', 'Versoix', 'Genthod', 'Satigny', 'Russin', 'Dardagny',
    'Pregny-Chambésy',
  ],
  TI: [
    'Bellinzona', 'Arbedo-Castione', 'Biasca', 'Faido', 'Airolo', 'Quinto', 'Lugano', 'Paradiso', 'Melide',
    'Val Mara', 'Mendrisio', 'Balerna', 'Chiasso', 'Stabio', 'Tresa', 'Caslano', 'Magliaso', 'Agno', 'Bioggio',
    'Torricella-Taverne', 'Mezzovico-Vira', 'Monteceneri', 'Lamone', 'Muralto', 'Locarno', 'Tenero-Contra',
    'Gordola', 'Lavertezzo', 'Cadenazzo', "Sant'Antonino", 'Gambarogno', 'Terre di Pedemonte', 'Centovalli',
  ],
};

/**
 * Outside the listed cantons no station list is kept: a municipality counts as having a station when one
 * of its own places has this many inhabitants (Swiss towns of that size all lie on a railway; smaller
 * villages, many of which have one too, get none rather than a station where no train runs).
 */
const STATION_TOWN_POPULATION = 5_000;

/** Whether the municipality has a railway station (listed cantons: the list; elsewhere its towns' size). */
export function hasRailwayStation(bfs: number, name: string, cantonCode: string, places: readonly Place[]): boolean {
  const listed = STATION_MUNICIPALITIES[cantonCode];
  if (listed) return listed.includes(name);
  return places.some((p) => p.municipalityBfs === bfs && p.population >= STATION_TOWN_POPULATION);
}
