import { float32Down, float32Up, type RtreeEntries } from './bulkLoadRtree';

const INITIAL_CAPACITY = 4096;

/**
 * An R*Tree's entries gathered in memory while its rows are written, for one bulk load at the end
 * (bulkLoadRtree): ids and boxes in typed arrays that grow in place, boxes already rounded outwards to
 * float32 as SQLite stores them (half the memory of float64, the same tree). A dataset build keeps its
 * three R*Trees' entries here instead of writing them into box tables and reading them back at the end.
 */
export class CollectedRtreeEntries {
  private ids = new Uint32Array(INITIAL_CAPACITY);
  private boxes: Float32Array;
  private size = 0;
  private readonly stride: number;

  constructor(readonly dims: 2 | 3) {
    this.stride = dims * 2;
    this.boxes = new Float32Array(INITIAL_CAPACITY * this.stride);
  }

  get count(): number {
    return this.size;
  }

  /** Adds entry `id`: its box (min, max per axis; the third axis only for a 3-axis tree). */
  add(id: number, minX: number, maxX: number, minY: number, maxY: number, minL = 0, maxL = 0): void {
    if (this.size === this.ids.length) this.grow(this.size * 2);
    const at = this.size * this.stride;
    const boxes = this.boxes;
    this.ids[this.size] = id;
    boxes[at] = float32Down(minX);
    boxes[at + 1] = float32Up(maxX);
    boxes[at + 2] = float32Down(minY);
    boxes[at + 3] = float32Up(maxY);
    if (this.stride > 4) {
      boxes[at + 4] = float32Down(minL);
      boxes[at + 5] = float32Up(maxL);
    }
    this.size++;
  }

  /** Entries from `from` on, as bytes (what a resumable build saves with each commit). */
  bytesFrom(from: number): { ids: Buffer; boxes: Buffer } {
    const ids = this.ids.subarray(from, this.size);
    const boxes = this.boxes.subarray(from * this.stride, this.size * this.stride);
    return {
      ids: Buffer.from(ids.buffer, ids.byteOffset, ids.byteLength),
      boxes: Buffer.from(boxes.buffer, boxes.byteOffset, boxes.byteLength),
    };
  }

  /** Appends entries saved by `bytesFrom` (a resumed build reading what earlier runs committed). */
  appendBytes(ids: Uint8Array, boxes: Uint8Array): void {
    const count = ids.byteLength / 4;
    if (boxes.byteLength !== count * this.stride * 4) throw new Error('Saved R*Tree entries do not match');
    if (this.size + count > this.ids.length) this.grow(Math.max(this.size + count, this.size * 2));
    // Copied byte-wise: a blob read from SQLite need not be aligned for a typed-array view.
    new Uint8Array(this.ids.buffer).set(ids, this.size * 4);
    new Uint8Array(this.boxes.buffer).set(boxes, this.size * this.stride * 4);
    this.size += count;
  }

  /** Forgets the entries from `count` on (rows rolled back). */
  truncate(count: number): void {
    this.size = Math.min(this.size, count);
  }

  /** The entries for bulkLoadRtree (views, not copies). */
  entries(): RtreeEntries {
    return {
      ids: this.ids.subarray(0, this.size),
      boxes: this.boxes.subarray(0, this.size * this.stride),
      dims: this.dims,
    };
  }

  private grow(capacity: number): void {
    const ids = new Uint32Array(capacity);
    ids.set(this.ids.subarray(0, this.size));
    const boxes = new Float32Array(capacity * this.stride);
    boxes.set(this.boxes.subarray(0, this.size * this.stride));
    this.ids = ids;
    this.boxes = boxes;
  }
}
