import type { Point } from '../../geo/ring';
import type { Language } from '../../geo/cantons';
import type { Rng } from '../random';
import { streetName } from '../catalog/streetNames';

/** A Voronoi edge between two blocks that carries a street. */
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

const MAX_TURN = Math.cos((50 * Math.PI) / 180);
const MAX_EDGES = 30;
const QUALIFIERS = ['II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

function direction(from: Point, to: Point): Point {
  const len = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
  return [(to[0] - from[0]) / len, (to[1] - from[1]) / len];
}

/**
 * Groups street edges into named streets: chains that continue roughly straight through junctions,
 * each named in the canton's language, names unique in the municipality.
 */
export function buildStreets(edges: StreetEdge[], language: Language, neighbours: string[], rng: Rng): string[] {
  const byVertex = new Map<string, StreetEdge[]>();
  for (const e of edges) {
    for (const k of [e.ka, e.kb]) {
      const list = byVertex.get(k);
      if (list) list.push(e);
      else byVertex.set(k, [e]);
    }
  }
  const names: string[] = [];
  const used = new Set<string>();
  const assigned = new Set<StreetEdge>();
  for (const start of edges) {
    if (assigned.has(start)) continue;
    const street = names.length;
    let name = streetName(language, neighbours, rng);
    for (let attempt = 0; used.has(name) && attempt < 8; attempt++) name = streetName(language, neighbours, rng);
    // Big towns run out of combinations: qualify rather than add digits (they would read as house numbers).
    const base = name;
    for (let i = 0; used.has(name); i++) {
      const qualifier = QUALIFIERS[i % QUALIFIERS.length];
      if (i < QUALIFIERS.length) name = `${base} ${qualifier}`;
      else if (i < 60) name = `${streetName(language, neighbours, rng)} ${qualifier}`;
      // Guaranteed to end even if a huge town used up every combination.
      else name = `${base} (${street})`;
    }
    used.add(name);
    names.push(name);
    // Walk forward from b, then backward from a; keep the edges in street order.
    const chain: { edge: StreetEdge; forward: boolean }[] = [{ edge: start, forward: true }];
    assigned.add(start);
    for (const forwardWalk of [true, false]) {
      let tip = forwardWalk ? start.kb : start.ka;
      let dir = forwardWalk ? direction(start.a, start.b) : direction(start.b, start.a);
      while (chain.length < MAX_EDGES) {
        let best: StreetEdge | null = null;
        let bestDot = MAX_TURN;
        for (const cand of byVertex.get(tip) ?? []) {
          if (assigned.has(cand)) continue;
          const d = cand.ka === tip ? direction(cand.a, cand.b) : direction(cand.b, cand.a);
          const dot = d[0] * dir[0] + d[1] * dir[1];
          if (dot > bestDot) {
            bestDot = dot;
            best = cand;
          }
        }
        if (!best) break;
        assigned.add(best);
        const leavesFromA = best.ka === tip;
        dir = leavesFromA ? direction(best.a, best.b) : direction(best.b, best.a);
        tip = leavesFromA ? best.kb : best.ka;
        // Forward walk: the street runs in walking direction; backward walk: against it.
        const runsAtoB = forwardWalk ? leavesFromA : !leavesFromA;
        if (forwardWalk) chain.push({ edge: best, forward: runsAtoB });
        else chain.unshift({ edge: best, forward: runsAtoB });
      }
    }
    let offset = 0;
    for (const { edge, forward } of chain) {
      edge.street = street;
      edge.forward = forward;
      edge.offset = offset;
      offset += Math.hypot(edge.b[0] - edge.a[0], edge.b[1] - edge.a[1]);
    }
  }
  return names;
}
