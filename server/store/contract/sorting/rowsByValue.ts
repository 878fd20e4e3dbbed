/** An unsigned integer column, a value per row. */
export type IntegerColumn = Uint8Array | Uint16Array | Uint32Array;

const DIGIT_BITS = 16;
const DIGITS = 1 << DIGIT_BITS;

/**
 * Row numbers 0..count−1 ordered by the column's value, rows of equal value in row order: a stable LSD
 * radix sort of (value, row) pairs, 16 bits a pass (as many passes as `max` needs). The values travel
 * with their rows, so every pass reads its input in order (looking each value up through the row was a
 * cache miss per row). The country's 12 M layer boxes sort in under a second; 11-bit digits (three
 * passes) were slower.
 */
export function rowsByValue(column: IntegerColumn, count: number, max: number): Uint32Array {
  let rows = new Uint32Array(count);
  let values = new Uint32Array(count);
  for (let r = 0; r < count; r++) {
    rows[r] = r;
    values[r] = column[r];
  }
  let spareRows = new Uint32Array(count);
  let spareValues = new Uint32Array(count);
  const starts = new Uint32Array(DIGITS);
  for (let shift = 0; shift < 32 && max >>> shift > 0; shift += DIGIT_BITS) {
    starts.fill(0);
    for (let i = 0; i < count; i++) starts[(values[i] >>> shift) & (DIGITS - 1)]++;
    let sum = 0;
    for (let d = 0; d < DIGITS; d++) {
      const size = starts[d];
      starts[d] = sum;
      sum += size;
    }
    for (let i = 0; i < count; i++) {
      const to = starts[(values[i] >>> shift) & (DIGITS - 1)]++;
      spareRows[to] = rows[i];
      spareValues[to] = values[i];
    }
    [rows, spareRows] = [spareRows, rows];
    [values, spareValues] = [spareValues, values];
  }
  return rows;
}
