import type { CellRank, ComparisonOrder } from '../../../src/contract/Comparison';

/** One parcel's cell before marking: the text shown and, for a numeric row, the number it says. */
export interface ComparisonCell {
  text: string;
  /** Null when the parcel has no figure (outside building zones, no price level …): never ranked. */
  number?: number | null;
}

export interface RowMarks {
  differs: boolean;
  ranks: CellRank[];
}

/**
 * Marks a row: it differs when its texts are not all the same; with a numeric order, the parcels with
 * the best and the worst figure are ranked (ties share the rank). A row whose figures are all equal, or
 * that has fewer than two figures, ranks nobody: "best of one" tells the reader nothing.
 */
export function markDifferences(cells: ComparisonCell[], order?: ComparisonOrder): RowMarks {
  const differs = new Set(cells.map((cell) => cell.text)).size > 1;
  const figures = cells
    .map((cell) => cell.number)
    .filter((n): n is number => typeof n === 'number' && Number.isFinite(n));
  const none = cells.map((): CellRank => null);
  if (!order || !differs || figures.length < 2) return { differs, ranks: none };
  const highest = Math.max(...figures);
  const lowest = Math.min(...figures);
  if (highest === lowest) return { differs, ranks: none };
  const best = order === 'higherIsBetter' ? highest : lowest;
  const worst = order === 'higherIsBetter' ? lowest : highest;
  return {
    differs,
    ranks: cells.map((cell) => (cell.number === best ? 'best' : cell.number === worst ? 'worst' : null)),
  };
}
