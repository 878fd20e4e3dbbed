import { createCandidateMemo } from '../../server/store/contract/parcels/candidateMemo';
import type { CandidateSource } from '../../server/store/contract/parcels/ParcelFilterIndex';
import { createRng } from '../../server/data/random';

/** A text part's ids as a source that counts the ids it reads, as the database would hand them over. */
function countingSource(ids: number[]): { source: CandidateSource; read: () => number; calls: () => number } {
  let read = 0;
  let calls = 0;
  const source: CandidateSource = (after, to, limit) => {
    calls++;
    const found = ids.filter((id) => id > after && id <= to);
    const page = limit < 0 ? found : found.slice(0, limit);
    read += page.length;
    return page;
  };
  return { source, read: () => read, calls: () => calls };
}

function sortedIds(rng: ReturnType<typeof createRng>, n: number, max: number): number[] {
  const ids = new Set<number>();
  while (ids.size < n) ids.add(rng.int(1, max));
  return [...ids].sort((a, b) => a - b);
}

describe('candidate ids of a text part remembered between searches', () => {
  it('hands out exactly what the source would, for any sequence of id ranges and limits', () => {
    const rng = createRng(7);
    for (let round = 0; round < 20; round++) {
      const ids = sortedIds(rng, rng.int(0, 400), 2000);
      const direct = countingSource(ids).source;
      const memo = createCandidateMemo();
      const remembered = countingSource(ids);
      for (let request = 0; request < 60; request++) {
        const after = rng.int(0, 2100);
        const to = rng.chance(0.2) ? Number.MAX_SAFE_INTEGER : after + rng.int(0, 1500);
        const limit = rng.chance(0.2) ? -1 : rng.int(0, 120);
        const viaMemo = memo.source('dataset-1', 'text', remembered.source)(after, to, limit);
        expect(viaMemo).toEqual(direct(after, to, limit));
      }
    }
  });

  it('reads the ids of the next page, or the same text again, from memory, not from the database', () => {
    const ids = Array.from({ length: 30_000 }, (_, i) => 3 * i + 1);
    const db = countingSource(ids);
    const memo = createCandidateMemo();
    const first = memo.source('dataset-1', '"avenue"', db.source);
    expect(first(0, Number.MAX_SAFE_INTEGER, 11_000)).toEqual(ids.slice(0, 11_000));
    expect(first(ids[10_999], Number.MAX_SAFE_INTEGER, 11_000)).toEqual(ids.slice(11_000, 22_000));
    expect(db.read()).toBe(22_000);

    const again = memo.source('dataset-1', '"avenue"', db.source);
    expect(again(0, Number.MAX_SAFE_INTEGER, 11_000)).toEqual(ids.slice(0, 11_000));
    expect(again(ids[10_999], Number.MAX_SAFE_INTEGER, 11_000)).toEqual(ids.slice(11_000, 22_000));
    expect(db.read()).toBe(22_000);
    // Beyond what was read, only the rest comes from the database.
    expect(again(0, Number.MAX_SAFE_INTEGER, 25_000)).toEqual(ids.slice(0, 25_000));
    expect(db.read()).toBe(25_000);
  });

  it('fills only the gap between id ranges read before (a preferred municipality, then the others)', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    const db = countingSource(ids);
    const memo = createCandidateMemo();
    const source = memo.source('dataset-1', 'zug', db.source);
    expect(source(400, 500, -1)).toEqual(ids.slice(400, 500));
    expect(source(0, 1000, 300)).toEqual(ids.slice(0, 300));
    expect(db.read()).toBe(400);
    // Ids 301–400 and 501–700 are new; 1–300 and 401–500 were read before.
    expect(source(0, 1000, 700)).toEqual(ids.slice(0, 700));
    expect(db.read()).toBe(700);
  });

  it('forgets every text part when the dataset changes', () => {
    const db = countingSource([1, 2, 3]);
    const memo = createCandidateMemo();
    memo.source('dataset-1', 'text', db.source)(0, 10, -1);
    memo.source('dataset-1', 'text', db.source)(0, 10, -1);
    expect(db.calls()).toBe(1);
    const changed = countingSource([4, 5]);
    expect(memo.source('dataset-2', 'text', changed.source)(0, 10, -1)).toEqual([4, 5]);
    expect(changed.calls()).toBe(1);
  });

  it('keeps no more ids than its size allows, the least recently searched text first out', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    const memo = createCandidateMemo(6000);
    const a = countingSource(ids);
    const b = countingSource(ids);
    // 4,000 bytes each: the second text part pushes the first out.
    memo.source('d', 'a', a.source)(0, 2000, -1);
    memo.source('d', 'b', b.source)(0, 2000, -1);
    memo.source('d', 'b', b.source)(0, 2000, -1);
    expect(b.calls()).toBe(1);
    memo.source('d', 'a', a.source)(0, 2000, -1);
    expect(a.calls()).toBe(2);
  });

  it('does not keep a read of every id for a row bitmap (a letter’s million ids), which its caller keeps', () => {
    const ids = Array.from({ length: 70_000 }, (_, i) => i + 1);
    const db = countingSource(ids);
    const memo = createCandidateMemo();
    expect(memo.source('d', 'a', db.source)(0, Number.MAX_SAFE_INTEGER, -1)).toEqual(ids);
    expect(memo.source('d', 'a', db.source)(0, Number.MAX_SAFE_INTEGER, 100)).toEqual(ids.slice(0, 100));
    expect(db.calls()).toBe(2);
  });
});
