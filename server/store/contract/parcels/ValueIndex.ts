import { setRange, type RowBitmap } from './RowBitmap';
import type { IntegerColumn } from '../sorting/rowsByValue';

/**
 * The rows of an integer column grouped by value (a posting list per value, stored as one array): the rows
 * with value v are rows[start[v]] … rows[start[v + 1] − 1], in row order. A filter on a zone code, a
 * thermal class, a street or a radon range then marks only its own rows instead of testing every parcel.
 * Built on the first search that needs it (one counting pass and one placing pass, ~30 ms a million rows).
 */
export interface ValueIndex {
  /** The column's largest value. */
  max: number;
  /** Marks the rows whose value is one of `values` (codes beyond the column's largest are ignored). */
  markValues(target: RowBitmap, values: Iterable<number>): void;
  /** Marks the rows whose value lies in from..to (inclusive). */
  markRange(target: RowBitmap, from: number, to: number): void;
  /** How many rows `markValues` would mark. */
  countValues(values: Iterable<number>): number;
  /** How many rows `markRange` would mark. */
  countRange(from: number, to: number): number;
}

/** What a ValueIndex reads, as plain typed arrays: built once, then shareable between threads. */
export interface ValueIndexData {
  max: number;
  /** Where each value's rows start in `rows` (max + 2 entries). */
  start: Uint32Array;
  rows: Uint32Array;
}

export function buildValueIndexData(column: IntegerColumn, count: number): ValueIndexData {
  let max = 0;
  for (let r = 0; r < count; r++) if (column[r] > max) max = column[r];
  const start = new Uint32Array(max + 2);
  for (let r = 0; r < count; r++) start[column[r] + 1]++;
  for (let v = 1; v < start.length; v++) start[v] += start[v - 1];
  const next = start.slice(0, max + 1);
  const rows = new Uint32Array(count);
  for (let r = 0; r < count; r++) rows[next[column[r]]++] = r;
  return { max, start, rows };
}

export function createValueIndex(column: IntegerColumn, count: number): ValueIndex {
  return valueIndexOver(buildValueIndexData(column, count), count);
}

/** The index over data built before (in this thread or another, e.g. in shared memory). */
export function valueIndexOver({ max, start, rows }: ValueIndexData, count: number): ValueIndex {
  const markSlice = (target: RowBitmap, from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const r = rows[i];
      target[r >>> 5] |= 1 << (r & 31);
    }
  };
  const bounds = (from: number, to: number): [number, number] => [
    Math.max(0, Math.ceil(from)),
    Math.min(max, Math.floor(to)),
  ];
  return {
    max,
    countValues(values) {
      let n = 0;
      for (const v of values) if (v >= 0 && v <= max) n += start[v + 1] - start[v];
      return n;
    },
    countRange(from, to) {
      const [lo, hi] = bounds(from, to);
      return hi < lo ? 0 : start[hi + 1] - start[lo];
    },
    markValues(target, values) {
      for (const v of values) if (v >= 0 && v <= max) markSlice(target, start[v], start[v + 1]);
    },
    markRange(target, from, to) {
      const [lo, hi] = bounds(from, to);
      if (hi < lo) return;
      if (lo === 0 && hi === max) setRange(target, 0, count - 1);
      else markSlice(target, start[lo], start[hi + 1]);
    },
  };
}
