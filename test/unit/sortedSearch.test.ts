import { createParcelFilterIndex } from '../../server/store/contract/parcels/ParcelFilterIndex';
import {
  FilterColumnsCollector,
  NO_RESERVE,
  type FilterColumns,
} from '../../server/store/contract/parcels/FilterColumns';

/** A dataset of parcels in one municipality with the given reserves (null: outside building zones). */
function columns(reserves: (number | null)[]): FilterColumns {
  const collector = new FilterColumnsCollector(reserves.length);
  reserves.forEach((reserve, r) =>
    collector.add(
      r + 1,
      'ZG',
      1701,
      (r * 7919) % 5000,
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
});
