import type { Point } from '../../geo/ring';
import type { Language } from '../../geo/cantons';
import type { Rng } from '../random';
import { landmarkStreetNames, streetName, townStreet } from '../catalog/streetNames';

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

/** What the namer knows of a street: whether it is a main road and how far its line passes from the core. */
export interface StreetToName {
  main: boolean;
  distance: number;
}

/**
 * Names for a municipality's streets, unique within it, in the canton's language: the two main roads
 * through the core after the neighbouring places they lead to ("Baarerstrasse", "Route de Cham"), the
 * streets nearest the core the classic ones (Bahnhofstrasse, Rue de la Gare, Via Cantonale …), the rest
 * from the common patterns. Returned in the order of `streets`.
 */
export function nameStreets(streets: readonly StreetToName[], language: Language, towards: readonly string[], neighbours: readonly string[], rng: Rng): string[] {
  const order = streets.map((_, i) => i).sort((a, b) => Number(streets[b].main) - Number(streets[a].main) || streets[a].distance - streets[b].distance);
  const names: string[] = new Array<string>(streets.length);
  const used = new Set<string>();
  const classics = [...landmarkStreetNames(language)];
  order.forEach((index, rank) => {
    let name: string;
    if (rank < towards.length) name = townStreet(language, towards[rank], rng);
    else if (classics.length > 0 && rng.chance(0.7)) name = classics.shift() as string;
    else name = streetName(language, neighbours, rng);
    for (let attempt = 0; used.has(name) && attempt < 8; attempt++) name = streetName(language, neighbours, rng);
    // Big towns run out of combinations: qualify rather than add digits (they would read as house numbers).
    const base = name;
    for (let i = 0; used.has(name); i++) {
      const qualifier = QUALIFIERS[i % QUALIFIERS.length];
      if (i < QUALIFIERS.length) name = `${base} ${qualifier}`;
      else if (i < 60) name = `${streetName(language, neighbours, rng)} ${qualifier}`;
      // Guaranteed to end even if a huge town used up every combination.
      else name = `${base} (${index})`;
    }
    used.add(name);
    names[index] = name;
  });
  return names;
}
