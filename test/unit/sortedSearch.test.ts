import { createParcelFilterIndex } from '../../server/store/contract/parcels/ParcelFilterIndex';
import {
  FilterColumnsCollector,
  NO_RESERVE,
  type FilterColumns,
} from '../../server/store/contract/parcels/FilterColumns';

/**
 * A dataset of parcels in one municipality with the given reserves (null: outside building zones); areas
 * spread over 0–4,999 m² unless given.
 */
function columns(
  reserves: (number | null)[],
  area: (r: number) => number = (r) => (r * 7919) % 5000,
): FilterColumns {
  const collector = new FilterColumnsCollector(reserves.length);
  reserves.forEach((reserve, r) =>
    collector.add(
      r + 1,
      'ZG',
      1701,
      area(r),
      'Standard',
      'Eigentum',
      0,
      0,
      0,
      0,
      0,
      null,
      null,
      null,
      null,
      0,
      reserve,
    ),
  );
  return collector.columns();
}

/** What a sort must give: largest value first, equal values by id, parcels without a value last by id. */
function expectedOrder(values: ArrayLike<number>, keep: (r: number) => boolean, none = -1): number[] {
  const rows = Array.from({ length: values.length }, (_, r) => r).filter(keep);
  const rank = (r: number) => (values[r] === none ? -1 : values[r]);
  return rows.sort((a, b) => rank(b) - rank(a) || a - b).map((r) => r + 1);
}

describe('a search sorted by building reserve or area', () => {
  // More matches than are sorted directly, so pages come off the column's sorted order; a fifth have no
  // reserve (outside building zones), and many share a value.
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const stored = Array.from({ length: 120_000 }, () => (random() < 0.2 ? null : Math.floor(random() * 3000)));
  const cols = columns(stored);
  const reserves = Array.from(cols.reserve);
  const index = createParcelFilterIndex(cols, [{ bfs: 1701, name: 'Zug' }]);
  const all = expectedOrder(reserves, () => true, NO_RESERVE);

  it.each([
    [0, 12],
    [24, 12],
    [5000, 100],
  ])(
    'gives page offset %i (size %i) of every parcel by reserve, parcels without one last',
    (offset, size) => {
      const result = index.evaluate({ sort: 'reserve' }, null, { offset, size, cap: 10_000 });
      expect(result.pageIds).toEqual(all.slice(offset, offset + size));
    },
  );

  it('reaches the parcels without a reserve after the last one with a reserve', () => {
    const withReserve = reserves.filter((r) => r !== NO_RESERVE).length;
    const result = index.evaluate({ sort: 'reserve' }, null, {
      offset: withReserve - 5,
      size: 10,
      cap: 200_000,
    });
    expect(result.pageIds).toEqual(all.slice(withReserve - 5, withReserve + 5));
  });

  it('sorts a filtered result (a reserve range) the same way, few matches or many', () => {
    for (const from of [2990, 500]) {
      const keep = (r: number) => reserves[r] !== NO_RESERVE && reserves[r] >= from;
      const result = index.evaluate({ reserve: { from, to: 99999999999 }, sort: 'reserve' }, null, {
        offset: 10,
        size: 20,
        cap: 10_000,
      });
      expect(result.total).toBe(Math.min(10_000, reserves.filter((_, r) => keep(r)).length));
      expect(result.pageIds).toEqual(expectedOrder(reserves, keep).slice(10, 30));
    }
  });

  it('sorts by area, largest first', () => {
    const result = index.evaluate({ sort: 'area' }, null, { offset: 0, size: 30, cap: 10_000 });
    expect(result.pageIds).toEqual(expectedOrder(cols.sur, () => true).slice(0, 30));
  });

  it('gives the same pages whether the matches are few, many or bunched at the small values', () => {
    // Few matches over a wide reserve range, many matches, and an area range that keeps only the
    // parcels of small reserve (walking down from the largest reserve would meet them last).
    const bunched = columns(stored, (r) => (stored[r] === null ? 0 : 3000 - (stored[r] as number)));
    const bunchedIndex = createParcelFilterIndex(bunched, [{ bfs: 1701, name: 'Zug' }]);
    const cases: [
      FilterColumns,
      typeof index,
      Parameters<typeof index.evaluate>[0],
      (r: number) => boolean,
    ][] = [
      [
        cols,
        index,
        { reserve: { from: 1, to: 99999999999 }, surface: { from: 4990, to: 4999 }, sort: 'reserve' },
        (r) => cols.reserve[r] !== NO_RESERVE && cols.reserve[r] >= 1 && cols.sur[r] >= 4990,
      ],
      [cols, index, { surface: { from: 100, to: 4999 }, sort: 'reserve' }, (r) => cols.sur[r] >= 100],
      [
        bunched,
        bunchedIndex,
        { reserve: { from: 0, to: 99999999999 }, surface: { from: 2500, to: 3000 }, sort: 'reserve' },
        (r) => bunched.reserve[r] !== NO_RESERVE && bunched.sur[r] >= 2500,
      ],
      [
        bunched,
        bunchedIndex,
        { surface: { from: 2000, to: 2100 }, sort: 'area' },
        (r) => bunched.sur[r] >= 2000 && bunched.sur[r] <= 2100,
      ],
    ];
    for (const [data, on, query, keep] of cases) {
      const sortColumn = query.sort === 'area' ? data.sur : data.reserve;
      const expected = expectedOrder(sortColumn, keep, query.sort === 'area' ? -1 : NO_RESERVE);
      expect(expected.length).toBeGreaterThan(30);
      for (const [offset, size] of [
        [0, 12],
        [12, 12],
        [expected.length - 7, 12],
      ]) {
        const result = on.evaluate(query, null, { offset, size, cap: 200_000 });
        expect(result.total).toBe(expected.length);
        expect(result.pageIds).toEqual(expected.slice(offset, offset + size));
      }
    }
  });

  it('sorts the text matches (the first cap of them) the same way', () => {
    const textRows = Array.from({ length: 120_000 }, (_, r) => r).filter((r) => r % 3 === 0);
    const candidates = index.bitmapSource(index.rowBitmap(textRows.map((r) => r + 1)));
    const result = index.evaluate({ text: 'x', sort: 'reserve' }, candidates, {
      offset: 24,
      size: 12,
      cap: 10_000,
    });
    const firstCap = new Set(textRows.slice(0, 10_000));
    expect(result.pageIds).toEqual(expectedOrder(reserves, (r) => firstCap.has(r), NO_RESERVE).slice(24, 36));
  });
});
