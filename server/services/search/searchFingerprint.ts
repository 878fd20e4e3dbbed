import crypto from 'node:crypto';
import { SEARCH_PARAMETERS } from '../../../src/contract/SearchParameters';
import type { ParcelQuery } from '../../store/contract/parcels/ParcelQuery';

/**
 * The free text as the search reads it: case, accents and runs of spaces make no difference to the full-text
 * match (FTS5 with accent folding), so "Zürich", "zurich " and "ZURICH" are one search.
 */
function canonicalText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** One filter's value in a form that does not depend on how it was written (list order, repeats). */
function canonicalValue(name: string, value: unknown): unknown {
  if (typeof value === 'string') return name === 'searchQuery' ? canonicalText(value) : value.trim();
  if (Array.isArray(value)) return [...new Set(value.map((item) => String(item).trim()))].sort();
  if (value && typeof value === 'object') {
    const { from, to } = value as { from: number; to: number };
    return [from, to];
  }
  return value;
}

/**
 * The canonical form of a filter set: one `[name, value]` pair per set filter, in the order of the
 * SEARCH_PARAMETERS table, lists sorted and de-duplicated, the text folded. Paging is not part of it, so
 * every page of one search has the same form.
 */
export function canonicalFilterSet(query: ParcelQuery): [string, unknown][] {
  const record = query as Record<string, unknown>;
  return SEARCH_PARAMETERS.flatMap((row): [string, unknown][] => {
    const value = record[row.queryKey];
    if (value === undefined || value === false) return [];
    return [[row.name, canonicalValue(row.name, value)]];
  });
}

/**
 * A short, stable key of a filter set (SHA-256 of its canonical form): an advanced search counts against
 * the plan once per key per period. Storing the hash keeps the users' queries out of the
 * quota table.
 */
export function searchFingerprint(query: ParcelQuery): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(canonicalFilterSet(query)))
    .digest('base64url');
}
