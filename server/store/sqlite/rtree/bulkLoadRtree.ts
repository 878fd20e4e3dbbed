import type { Database } from 'better-sqlite3';
import { rowsByValue } from '../../contract/sorting/rowsByValue';

/**
 * Bulk loading of an SQLite R*Tree: entries sorted along a Hilbert curve (after an optional leading
 * "layer" axis), packed into full nodes level by level, and written straight into the R*Tree's shadow
 * tables (%_node, %_rowid, %_parent) in the format of SQLite's rtree.c. Inserting millions of boxes one
 * by one costs 4–9 µs each (the R* split and reinsert work); this costs about 1 µs, and a packed tree
 * answers box queries at least as well.
 *
 * Node blob: 2 bytes tree depth (root only), 2 bytes cell count, then cells of an 8-byte id and
 * 2 × dims 32-bit floats (min, max per axis), all big-endian, zero-padded to the node size SQLite
 * chose for the table: min(page size − 64, 4 + 51 cells).
 */
const MAX_CELLS = 51;

/** A table's entries: ids and their boxes (min0, max0, min1, max1, … per entry). */
export interface RtreeEntries {
  ids: Float64Array | Uint32Array;
  /** float32 boxes must already be rounded outwards (CollectedRtreeEntries does): they are stored as they are. */
  boxes: Float64Array | Float32Array;
  dims: number;
}

const TOWARDS = 1 - 1 / 8388608;
const AWAY = 1 + 1 / 8388608;

/** v as float32, never above v: SQLite's rtreeValueDown, so a loaded box equals an inserted one. */
export function float32Down(v: number): number {
  const f = Math.fround(v);
  return f > v ? Math.fround(v * (v < 0 ? AWAY : TOWARDS)) : f;
}

/** v as float32, never below v: SQLite's rtreeValueUp. */
export function float32Up(v: number): number {
  const f = Math.fround(v);
  return f < v ? Math.fround(v * (v < 0 ? TOWARDS : AWAY)) : f;
}

/** Spreads the 16 low bits of v to the even bits of a 32-bit word (a Morton half). */
function spreadBits(v: number): number {
  let w = (v | (v << 8)) & 0x00ff00ff;
  w = (w | (w << 4)) & 0x0f0f0f0f;
  w = (w | (w << 2)) & 0x33333333;
  return (w | (w << 1)) & 0x55555555;
}

/**
 * Position of the cell (x, y) (16-bit integers) along a Hilbert curve through the 2^16 × 2^16 grid, as an
 * unsigned 32-bit integer. Branch-free: the curve's rotate-and-flip state of every level is a prefix scan
 * over the bit levels, done for all 16 levels at once in four doubling rounds (the bit-parallel method
 * of rawrunprotected/hilbert_curves, public domain), instead of a loop of 16 dependent steps.
 */
export function hilbertIndex(x: number, y: number): number {
  // Round one: each bit level's own transform, from the quadrant (x, y) lies in at that level.
  const xorXY = x ^ y;
  const notXor = 0xffff ^ xorXY;
  const neither = 0xffff ^ (x | y);
  const onlyX = x & (y ^ 0xffff);
  let a = xorXY | (notXor >> 1);
  let b = (xorXY >> 1) ^ xorXY;
  let c = neither ^ ((neither >> 1) ^ (notXor & (onlyX >> 1)));
  let d = onlyX ^ ((xorXY & (neither >> 1)) ^ (onlyX >> 1));
  // Rounds two to four: compose each level's transform with those of the levels above it (2, 4, 8 apart).
  for (let shift = 2; shift <= 8; shift *= 2) {
    const [a1, b1, c1, d1] = [a, b, c, d];
    a = (a1 & (a1 >> shift)) ^ (b1 & (b1 >> shift));
    b = (a1 & (b1 >> shift)) ^ (b1 & ((a1 ^ b1) >> shift));
    c = c1 ^ (a1 & (c1 >> shift)) ^ (b1 & (d1 >> shift));
    d = d1 ^ (b1 & (c1 >> shift)) ^ ((a1 ^ b1) & (d1 >> shift));
  }
  // Apply the transforms to the quadrant bits and interleave them into the index.
  const flipX = c ^ (c >> 1);
  const flipY = d ^ (d >> 1);
  const low = x ^ y;
  const high = flipY | (0xffff ^ (low | flipX));
  return ((spreadBits(high) << 1) | spreadBits(low)) >>> 0;
}

/** Layers (the third axis) a packing key has room for, beside a Hilbert position on a 2^13 grid. */
const LAYER_BITS = 6;
const LAYERED_GRID_BITS = 13;

/**
 * Entry order: by the third axis's minimum first (the layer of a layer feature), then along a Hilbert
 * curve through the box centres (a 2^16 grid, ~5 m cells over Switzerland; 2^13 with layers), entries of
 * the same key in their own order (a total order: the same entries give the same tree). The keys are
 * 32-bit integers sorted by a radix sort: the country's 12 M layer boxes in well under a second, where a
 * native sort of packed float64 keys took seconds.
 */
function packingOrder({ ids, boxes, dims }: RtreeEntries): Uint32Array {
  const n = ids.length;
  const stride = dims * 2;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxLayer = 0;
  for (let i = 0; i < n; i++) {
    const cx = (boxes[i * stride] + boxes[i * stride + 1]) / 2;
    const cy = (boxes[i * stride + 2] + boxes[i * stride + 3]) / 2;
    if (cx < minX) minX = cx;
    if (cx > maxX) maxX = cx;
    if (cy < minY) minY = cy;
    if (cy > maxY) maxY = cy;
    if (dims > 2 && boxes[i * stride + 4] > maxLayer) maxLayer = boxes[i * stride + 4];
  }
  if (maxLayer >= 2 ** LAYER_BITS || maxLayer < 0)
    throw new Error(`Too many layers (${maxLayer}) for one R*Tree bulk load`);
  const gridBits = dims > 2 ? LAYERED_GRID_BITS : 16;
  const scale = (2 ** gridBits - 1) / Math.max(maxX - minX, maxY - minY, 1e-9);
  const unused = 16 - gridBits;
  const keys = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const cx = (boxes[i * stride] + boxes[i * stride + 1]) / 2;
    const cy = (boxes[i * stride + 2] + boxes[i * stride + 3]) / 2;
    const x = Math.round((cx - minX) * scale) << unused;
    const y = Math.round((cy - minY) * scale) << unused;
    const position = hilbertIndex(x, y) >>> (2 * unused);
    const layer = dims > 2 ? Math.floor(boxes[i * stride + 4]) : 0;
    keys[i] = (layer * 2 ** (2 * gridBits) + position) >>> 0;
  }
  return rowsByValue(keys, n, 0xffffffff);
}

/** An R*Tree packed in memory, ready to be written into its shadow tables (packRtree, writePackedRtree). */
export interface PackedRtree {
  nodeSize: number;
  /** Node numbers, and their blobs one after another (nodeSize bytes each), in the same order. */
  nodeNumbers: Uint32Array;
  nodes: Uint8Array;
  /** (child node, parent node) pairs of every non-root node. */
  parents: Uint32Array;
  /** The entries' ids, in the entries' order, and the leaf each went to. */
  ids: Float64Array | Uint32Array;
  leafOf: Uint32Array;
}

/** The node size SQLite chose for an R*Tree of `dims` axes in this database: min(page size − 64, 51 cells). */
export function rtreeNodeSize(db: Database, dims: number): number {
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  return Math.min(pageSize - 64, 4 + (8 + dims * 8) * MAX_CELLS);
}

/**
 * Packs `entries` into R*Tree nodes of `nodeSize` bytes (pure computation: it may run on another thread
 * while the connection does other work).
 */
export function packRtree(entries: RtreeEntries, nodeSize: number): PackedRtree {
  const { ids, boxes, dims } = entries;
  const stride = dims * 2;
  const cellSize = 8 + stride * 4;
  const perNode = Math.floor((nodeSize - 4) / cellSize);
  const order = packingOrder(entries);
  const n = ids.length;
  const leafCount = Math.max(1, Math.ceil(n / perNode));
  let nodeCount = leafCount;
  for (let level = leafCount; level > 1; level = Math.ceil(level / perNode))
    nodeCount += Math.ceil(level / perNode);
  const nodes = new Uint8Array(nodeCount * nodeSize);
  const view = new DataView(nodes.buffer);
  const nodeNumbers = new Uint32Array(nodeCount);
  const parents = new Uint32Array((nodeCount - 1) * 2);
  let written = 0;
  let parentPairs = 0;
  /** Starts node `nodeno` (its header); gives the offset of its first cell. */
  const startNode = (nodeno: number, depth: number, count: number) => {
    const offset = written * nodeSize;
    nodeNumbers[written++] = nodeno;
    view.setUint16(offset, depth);
    view.setUint16(offset + 2, count);
    return offset + 4;
  };
  const setId = (offset: number, id: number) => {
    // A 64-bit big-endian integer; ids and node numbers stay below 2^53.
    view.setUint32(offset, Math.floor(id / 2 ** 32));
    view.setUint32(offset + 4, id % 2 ** 32);
  };

  // Node numbers: the root is 1; the others are numbered bottom-up from 2.
  let nextNode = 2;
  /** The leaf holding entry i (index into `ids`). */
  const leafOf = new Uint32Array(n);
  const single = leafCount === 1;
  let levelNodes: number[] = [];
  let levelBoxes = new Float64Array(leafCount * stride);
  // Leaves: the entries in packing order, rounded outwards to float32 as SQLite stores them.
  for (let leaf = 0; leaf < leafCount; leaf++) {
    const nodeno = single ? 1 : nextNode++;
    levelNodes.push(nodeno);
    const from = leaf * perNode;
    const to = Math.min(n, from + perNode);
    const box = levelBoxes.subarray(leaf * stride, leaf * stride + stride);
    for (let a = 0; a < dims; a++) {
      box[a * 2] = Infinity;
      box[a * 2 + 1] = -Infinity;
    }
    let offset = startNode(nodeno, 0, to - from);
    for (let k = from; k < to; k++, offset += cellSize) {
      const i = order[k];
      setId(offset, ids[i]);
      for (let a = 0; a < dims; a++) {
        const lo = float32Down(boxes[i * stride + a * 2]);
        const hi = float32Up(boxes[i * stride + a * 2 + 1]);
        view.setFloat32(offset + 8 + a * 8, lo);
        view.setFloat32(offset + 12 + a * 8, hi);
        if (lo < box[a * 2]) box[a * 2] = lo;
        if (hi > box[a * 2 + 1]) box[a * 2 + 1] = hi;
      }
      leafOf[i] = nodeno;
    }
  }

  // Internal levels until one node (the root) holds them all.
  let depth = 0;
  while (levelNodes.length > 1) {
    depth++;
    const count = Math.ceil(levelNodes.length / perNode);
    const parentNodes: number[] = [];
    const parentBoxes = new Float64Array(count * stride);
    for (let p = 0; p < count; p++) {
      const nodeno = count === 1 ? 1 : nextNode++;
      parentNodes.push(nodeno);
      const from = p * perNode;
      const to = Math.min(levelNodes.length, from + perNode);
      const box = parentBoxes.subarray(p * stride, p * stride + stride);
      for (let a = 0; a < dims; a++) {
        box[a * 2] = Infinity;
        box[a * 2 + 1] = -Infinity;
      }
      let offset = startNode(nodeno, count === 1 ? depth : 0, to - from);
      for (let k = from; k < to; k++, offset += cellSize) {
        setId(offset, levelNodes[k]);
        for (let a = 0; a < dims; a++) {
          const lo = levelBoxes[k * stride + a * 2];
          const hi = levelBoxes[k * stride + a * 2 + 1];
          view.setFloat32(offset + 8 + a * 8, lo);
          view.setFloat32(offset + 12 + a * 8, hi);
          if (lo < box[a * 2]) box[a * 2] = lo;
          if (hi > box[a * 2 + 1]) box[a * 2 + 1] = hi;
        }
        parents[parentPairs++] = levelNodes[k];
        parents[parentPairs++] = nodeno;
      }
    }
    levelNodes = parentNodes;
    levelBoxes = parentBoxes;
  }
  return { nodeSize, nodeNumbers, nodes, parents, ids, leafOf };
}

/**
 * Replaces the (empty) R*Tree `table`'s content with a packed tree. Call inside a transaction, on a
 * connection in unsafe mode (SQLite's defensive mode forbids writing shadow tables otherwise).
 */
export function writePackedRtree(db: Database, table: string, packed: PackedRtree): void {
  const { nodeSize, nodeNumbers, nodes, parents, ids, leafOf } = packed;
  for (const shadow of ['node', 'rowid', 'parent']) db.exec(`DELETE FROM "${table}_${shadow}"`);
  const insertNode = db.prepare(`INSERT INTO "${table}_node" (nodeno, data) VALUES (?, ?)`);
  const insertParent = db.prepare(`INSERT INTO "${table}_parent" (nodeno, parentnode) VALUES (?, ?)`);
  const ROWID_BATCH = 256;
  const insertRowids = db.prepare(
    `INSERT INTO "${table}_rowid" (rowid, nodeno) VALUES ${new Array(ROWID_BATCH).fill('(?, ?)').join(', ')}`,
  );
  const insertRowid = db.prepare(`INSERT INTO "${table}_rowid" (rowid, nodeno) VALUES (?, ?)`);
  for (let k = 0; k < nodeNumbers.length; k++) {
    insertNode.run(nodeNumbers[k], Buffer.from(nodes.buffer, nodes.byteOffset + k * nodeSize, nodeSize));
  }
  for (let k = 0; k < parents.length; k += 2) insertParent.run(parents[k], parents[k + 1]);

  // The id → leaf map in the entries' order (ids ascending: appends to the b-tree), many rows per
  // statement (the per-call cost dominates single-row inserts).
  const n = ids.length;
  const full = Math.floor(n / ROWID_BATCH) * ROWID_BATCH;
  const batch: number[] = new Array(ROWID_BATCH * 2);
  for (let k = 0; k < full; k += ROWID_BATCH) {
    for (let j = 0; j < ROWID_BATCH; j++) {
      batch[j * 2] = ids[k + j];
      batch[j * 2 + 1] = leafOf[k + j];
    }
    insertRowids.run(batch);
  }
  for (let k = full; k < n; k++) insertRowid.run(ids[k], leafOf[k]);
}

/**
 * Replaces the (empty) R*Tree `table`'s content with `entries`. Call inside a transaction, on a
 * connection in unsafe mode (SQLite's defensive mode forbids writing shadow tables otherwise).
 */
export function bulkLoadRtree(db: Database, table: string, entries: RtreeEntries): void {
  writePackedRtree(db, table, packRtree(entries, rtreeNodeSize(db, entries.dims)));
}
