import { LRUCache } from 'lru-cache';
import type { CandidateSource } from './ParcelFilterIndex';

/**
 * The most ids of one read that are kept (256 KB): a search's chunks are at most 65,536; a longer read is
 * a text part's every id for a row bitmap, which its caller keeps itself (one letter: a million ids).
 */
const MAX_KEPT_READ = 65_536;

/** The ids of (after, through]: every candidate there, ascending. */
interface Segment {
  after: number;
  through: number;
  ids: Uint32Array;
}

/** Where a sorted id array's first id above `after` is. */
export function firstAbove(ids: ArrayLike<number>, after: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid] <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function joined(a: Uint32Array, b: Uint32Array): Uint32Array {
  const ids = new Uint32Array(a.length + b.length);
  ids.set(a);
  ids.set(b, a.length);
  return ids;
}

/**
 * The id ranges of one text part read so far, as disjoint segments in id order (adjacent ones merged).
 * A request is served from the segments where they cover it and read from the source only in the gaps,
 * so the ids handed out are always the source's own, in the source's order.
 */
class TextPartIds {
  private segments: Segment[] = [];
  bytes = 0;

  read(source: CandidateSource, after: number, to: number, limit: number): number[] {
    const want = limit < 0 ? Number.POSITIVE_INFINITY : limit;
    const found: number[] = [];
    let at = after;
    while (found.length < want && at < to) {
      const i = this.segmentAfter(at);
      const segment = this.segments[i];
      if (segment && segment.after <= at) {
        // `at` is inside this segment: its ids up to `to`, as many as wanted.
        const { ids } = segment;
        for (let k = firstAbove(ids, at); k < ids.length && found.length < want && ids[k] <= to; k++)
          found.push(ids[k]);
        at = Math.min(to, segment.through);
        continue;
      }
      // A gap up to the next segment (or `to`): read there, and keep what was read.
      const end = segment ? Math.min(to, segment.after) : to;
      const need = want - found.length;
      const batch = source(at, end, need === Number.POSITIVE_INFINITY ? -1 : need);
      const complete = batch.length < need;
      const through = complete ? end : batch[batch.length - 1];
      if (batch.length <= MAX_KEPT_READ) this.insert(i, { after: at, through, ids: Uint32Array.from(batch) });
      for (const id of batch) found.push(id);
      if (!complete) break;
      at = end;
    }
    return found;
  }

  /** The index of the first segment whose range ends after `at` (the one holding `at`, or the next). */
  private segmentAfter(at: number): number {
    let lo = 0;
    let hi = this.segments.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.segments[mid].through <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Puts a new segment at index `i`, merged with its neighbours where they touch it. */
  private insert(i: number, segment: Segment): void {
    this.bytes += segment.ids.byteLength;
    let merged = segment;
    let from = i;
    let count = 0;
    const before = this.segments[i - 1];
    if (before && before.through === merged.after) {
      merged = { after: before.after, through: merged.through, ids: joined(before.ids, merged.ids) };
      from = i - 1;
      count++;
    }
    const next = this.segments[i];
    if (next && next.after === merged.through) {
      merged = { after: merged.after, through: next.through, ids: joined(merged.ids, next.ids) };
      count++;
    }
    this.segments.splice(from, count, merged);
  }
}

/** Bytes of candidate ids a memo keeps (4 per id: ~4 million ids), least recently used text parts first out. */
export const CANDIDATE_MEMO_BYTES = 16 * 1024 * 1024;

/**
 * The candidate ids of the text parts searched lately, per dataset version. A search reads the first
 * ten thousand or so ids of its text from the database, and the next page, the next user typing the same
 * place name, or the same text with other filters read the same ids again: here they are read once and
 * kept as typed arrays (bounded by `maxBytes`), and forgotten as a whole when the dataset changes.
 */
export interface CandidateMemo {
  /** `source`, remembered under `key` (what identifies the text part: the same key, the same ids). */
  source(datasetKey: string, key: string, source: CandidateSource): CandidateSource;
}

export function createCandidateMemo(maxBytes = CANDIDATE_MEMO_BYTES): CandidateMemo {
  const parts = new LRUCache<string, TextPartIds>({
    maxSize: maxBytes,
    sizeCalculation: (part) => Math.max(1, part.bytes),
  });
  let dataset = '';
  return {
    source(datasetKey, key, source) {
      if (datasetKey !== dataset) {
        parts.clear();
        dataset = datasetKey;
      }
      return (after, to, limit) => {
        const part = parts.get(key) ?? new TextPartIds();
        const ids = part.read(source, after, to, limit);
        // Set again after every read: its size grew, and the cache weighs it only when it is set.
        parts.set(key, part);
        return ids;
      };
    },
  };
}
