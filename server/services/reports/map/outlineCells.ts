import type { Lv95Frame } from './mapScale';

/**
 * The square cells of a `cell`-metre grid that the outline's edges pass through, each as an LV95 box
 * grown by a quarter cell on every side (so what touches the outline near a cell's edge is in it too).
 * Edges are walked in steps of half a cell, so no cell an edge crosses is skipped.
 */
export function cellsAlongRings(rings: readonly (readonly [number, number])[][], cell: number): Lv95Frame[] {
  const keys = new Map<string, [number, number]>();
  const visit = (e: number, n: number) => {
    const column = Math.floor(e / cell);
    const row = Math.floor(n / cell);
    keys.set(`${column}:${row}`, [column, row]);
  };
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const [e0, n0] = ring[i];
      const [e1, n1] = ring[(i + 1) % ring.length];
      const steps = Math.max(1, Math.ceil(Math.hypot(e1 - e0, n1 - n0) / (cell / 2)));
      for (let step = 0; step <= steps; step++) {
        visit(e0 + ((e1 - e0) * step) / steps, n0 + ((n1 - n0) * step) / steps);
      }
    }
  }
  const grow = cell / 4;
  return [...keys.values()].map(([column, row]) => [
    column * cell - grow,
    row * cell - grow,
    (column + 1) * cell + grow,
    (row + 1) * cell + grow,
  ]);
}
