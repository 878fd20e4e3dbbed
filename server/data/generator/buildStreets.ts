import type { Point } from '../../geo/ring';
import type { Language } from '../../geo/cantons';
import type { Rng } from '../random';
import { landmarkStreetNames, namesStation, streetName, streetStem, townStreet } from '../catalog/streetNames';

/** A piece of a street's centre line (mercator), for the base map's street lines. */
export interface StreetEdge {
  a: Point;
  b: Point;
  ka: string;
  kb: string;
  street: number;
  /** Distance along the street where this edge starts, and whether the street runs a → b. */
  offset: number;
  forward: boolean;
}

const QUALIFIERS = ['II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];
/** Draws of a new name before a street is qualified: enough for the biggest towns' few hundred streets. */
const ATTEMPTS = 400;

/** What the namer knows of a street: whether it is a main road and how far its line passes from the core. */
export interface StreetToName {
  main: boolean;
  distance: number;
}

/**
 * Names for a municipality's streets in the canton's language, each stem once (Swiss addressing rules:
 * not a Lindenstrasse and a Lindenweg in one municipality): the two main roads through the core after the
 * neighbouring places they lead to ("Baarerstrasse", "Route de Cham"), the streets nearest the core the
 * classic ones (Bahnhofstrasse, Rue de la Gare, Via Cantonale …; the station's only where a train stops),
 * the rest from the common patterns. Returned in the order of `streets`.
 */
export function nameStreets(
  streets: readonly StreetToName[],
  language: Language,
  towards: readonly string[],
  neighbours: readonly string[],
  hasStation: boolean,
  rng: Rng,
): string[] {
  const order = streets.map((_, i) => i).sort((a, b) => Number(streets[b].main) - Number(streets[a].main) || streets[a].distance - streets[b].distance);
  const names: string[] = new Array<string>(streets.length);
  const used = new Set<string>();
  const stems = new Set<string>();
  const free = (name: string) => !used.has(name) && !stems.has(streetStem(name)) && (hasStation || !namesStation(name));
  const classics = [...landmarkStreetNames(language, hasStation)];
  order.forEach((index, rank) => {
    let name: string;
    if (rank < towards.length) name = townStreet(language, towards[rank], rng);
    else if (classics.length > 0 && rng.chance(0.7)) name = classics.shift() as string;
    else name = streetName(language, neighbours, rng);
    for (let attempt = 0; !free(name) && attempt < ATTEMPTS; attempt++) name = streetName(language, neighbours, rng);
    // Only a town larger than every pattern's combinations gets here: qualified rather than numbered
    // (digits would read as house numbers).
    for (let attempt = 0; !hasStation && namesStation(name) && attempt < ATTEMPTS; attempt++) name = streetName(language, neighbours, rng);
    const base = name;
    for (let i = 0; used.has(name) || (name === base && stems.has(streetStem(name))); i++)
      name = i < QUALIFIERS.length ? `${base} ${QUALIFIERS[i]}` : `${base} (${index})`;
    used.add(name);
    if (name === base) stems.add(streetStem(name));
    names[index] = name;
  });
  return names;
}
