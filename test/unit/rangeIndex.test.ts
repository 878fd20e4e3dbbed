/**
 * Range filters of a filters-only search (area, radon, distances) come from a RangeIndex — the
 * rows sorted by value, cut into buckets with a bitmap per cut — instead of a pass over the column. It must
 * keep exactly the rows a plain test keeps, whatever the range and whatever rows were set before.
 */
import { createRng } from '../../server/data/random';
import { createRangeIndex } from '../../server/store/contract/parcels/RangeIndex';
import { rowsByValue } from '../../server/store/contract/sorting/rowsByValue';
import { emptyBitmap, rowsFrom, type RowBitmap } from '../../server/store/contract/parcels/RowBitmap';

const rng = createRng(7);

function bitmapOf(count: number, keep: (row: number) => boolean): RowBitmap {
  const bitmap = emptyBitmap(count);
  for (let r = 0; r < count; r++) if (keep(r)) bitmap[r >>> 5] |= 1 << (r & 31);
  return bitmap;
}

const setRows = (bitmap: RowBitmap, count: number) => rowsFrom(bitmap, 0, count);

/** Every range case against the plain test, on all rows and on a random half of them. */
function expectLikePlainTest(column: Uint8Array | Uint16Array | Uint32Array, ranges: [number, number][]) {
  const count = column.length;
  const index = createRangeIndex(column, count);
  const half = bitmapOf(count, () => rng.next() < 0.5);
  for (const [from, to] of ranges) {
    for (const before of [bitmapOf(count, () => true), half]) {
      const rows = before.slice();
      index.keep(rows, from, to);
      const expected = bitmapOf(
        count,
        (r) => (before[r >>> 5] & (1 << (r & 31))) !== 0 && column[r] >= from && column[r] <= to,
      );
      expect(setRows(rows, count)).toEqual(setRows(expected, count));
    }
  }
}

describe('RangeIndex', () => {
  it('keeps the rows of a radon-like column with few values (a cut at every value)', () => {
    const column = Uint8Array.from({ length: 5000 }, () => rng.int(0, 25));
    expectLikePlainTest(column, [
      [0, 9],
      [3, 12],
      [0, 25],
      [10, 10],
      [26, 40],
      [-5, 2],
      [12, 3],
      [0, 255],
      [24.5, 30],
    ]);
  });

  it('keeps the rows of an area-like column with many values (quantile cuts and marked ends)', () => {
    const column = Uint32Array.from({ length: 20_000 }, () => Math.floor(Math.exp(rng.range(3, 12))));
    const sortedValues = [...column].sort((a, b) => a - b);
    const cutValue = sortedValues[Math.floor(sortedValues.length / 32) * 5];
    expectLikePlainTest(column, [
      [500, 2000],
      [0, 100],
      [100_000, 99_999_999_999],
      [cutValue, cutValue],
      [cutValue, cutValue + 3000],
      [cutValue - 1, 40_000],
      [0, 0xffffffff],
      [200_000, 300_000],
      [2000, 500],
    ]);
  });

  it('keeps the rows of a column where one value fills many buckets (cuts moved to where values start)', () => {
    const column = Uint32Array.from({ length: 10_000 }, (_, r) => (r % 3 === 0 ? 5000 : rng.int(0, 100_000)));
    expectLikePlainTest(column, [
      [5000, 5000],
      [4000, 5000],
      [5000, 6000],
      [0, 4999],
      [5001, 100_000],
      [0, 100_000],
    ]);
  });

  it('keeps the rows of a reserve-like column, most rows without a value, by row marks or by cuts', () => {
    // 60 % "none" (the largest value), the rest spread: "at least X" slices of 1–25 % of the rows, some
    // marked row by row, some by the cuts with a few rows beyond them.
    const column = Uint32Array.from({ length: 40_000 }, () =>
      rng.next() < 0.6 ? 0xffffffff : rng.int(0, 5000),
    );
    expectLikePlainTest(column, [
      [200, 0xfffffffe],
      [1000, 0xfffffffe],
      [2500, 0xfffffffe],
      [4800, 0xfffffffe],
      [100, 4000],
      [0, 0xfffffffe],
    ]);
  });

  it('sorts rows by value, keeping row order among equal values', () => {
    const column = Uint32Array.from({ length: 3000 }, () => rng.int(0, 200_000));
    const sorted = [...rowsByValue(column, column.length, 200_000)];
    const expected = [...column.keys()].sort((a, b) => column[a] - column[b] || a - b);
    expect(sorted).toEqual(expected);
  });
});
