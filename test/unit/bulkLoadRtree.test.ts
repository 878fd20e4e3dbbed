import Database from 'better-sqlite3';
import {
  bulkLoadRtree,
  float32Down,
  float32Up,
  hilbertIndex,
} from '../../server/store/sqlite/rtree/bulkLoadRtree';
import { CollectedRtreeEntries } from '../../server/store/sqlite/rtree/CollectedRtreeEntries';
import { createRng } from '../../server/data/random';

/** n boxes of 1–60 m around Zug (Web Mercator metres), on `layers` layers, ids 1…n. */
function randomBoxes(n: number, layers: number) {
  const rng = createRng(42).next;
  const dims = layers > 0 ? 3 : 2;
  const ids = new Float64Array(n);
  const boxes = new Float64Array(n * dims * 2);
  for (let i = 0; i < n; i++) {
    ids[i] = i + 1;
    const x = 940_000 + rng() * 20_000;
    const y = 5_970_000 + rng() * 20_000;
    const box = [x, x + 1 + rng() * 60, y, y + 1 + rng() * 60];
    if (layers > 0) {
      const l = Math.floor(rng() * layers);
      box.push(l, l);
    }
    boxes.set(box, i * dims * 2);
  }
  return { ids, boxes, dims };
}

function tables(dims: number) {
  const db = new Database(':memory:');
  const columns =
    dims === 3 ? 'id, min_x, max_x, min_y, max_y, min_l, max_l' : 'id, min_x, max_x, min_y, max_y';
  db.exec(
    `CREATE VIRTUAL TABLE loaded USING rtree(${columns}); CREATE VIRTUAL TABLE inserted USING rtree(${columns})`,
  );
  return { db, columns };
}

function load(db: Database.Database, entries: ReturnType<typeof randomBoxes>) {
  db.unsafeMode(true);
  db.transaction(() => bulkLoadRtree(db, 'loaded', entries))();
  db.unsafeMode(false);
}

describe('bulk-loading an SQLite R*Tree', () => {
  it.each([
    ['one leaf', 40],
    ['two levels', 2_000],
    ['three levels', 30_000],
  ])('gives a valid tree that answers box queries like inserted rows (%s)', (_name, n) => {
    const entries = randomBoxes(n, 0);
    const { db } = tables(2);
    load(db, entries);
    const insert = db.prepare('INSERT INTO inserted VALUES (?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (let i = 0; i < n; i++) insert.run(entries.ids[i], ...entries.boxes.subarray(i * 4, i * 4 + 4));
    })();
    expect(db.prepare("SELECT rtreecheck('loaded')").pluck().get()).toBe('ok');
    expect(db.prepare('SELECT count(*) FROM loaded').pluck().get()).toBe(n);
    // Every stored box is the inserted one, rounded outwards to float32 the way SQLite does.
    const rows = (table: string) => db.prepare(`SELECT * FROM ${table} ORDER BY id`).raw().all();
    const inserted = rows('inserted');
    expect(
      rows('loaded').find((row, i) => JSON.stringify(row) !== JSON.stringify(inserted[i])),
    ).toBeUndefined();
    const query = (table: string) =>
      db
        .prepare(
          `SELECT id FROM ${table} WHERE min_x <= ? AND max_x >= ? AND min_y <= ? AND max_y >= ? ORDER BY id`,
        )
        .pluck();
    for (const [x, y, size] of [
      [945_000, 5_975_000, 500],
      [950_000, 5_980_000, 3_000],
      [939_000, 5_969_000, 50],
    ]) {
      const args = [x + size, x, y + size, y];
      expect(query('loaded').all(...args)).toEqual(query('inserted').all(...args));
    }
    // An R*Tree loaded in bulk takes later inserts and deletes (the cadastre importer) as usual.
    db.prepare('DELETE FROM loaded WHERE id <= ?').run(Math.floor(n / 2));
    db.prepare('INSERT INTO loaded VALUES (?, 1, 2, 3, 4)').run(n + 1);
    expect(db.prepare("SELECT rtreecheck('loaded')").pluck().get()).toBe('ok');
    expect(db.prepare('SELECT count(*) FROM loaded').pluck().get()).toBe(n - Math.floor(n / 2) + 1);
  });

  it('packs a layered (three-axis) tree so one layer is one range', () => {
    const entries = randomBoxes(20_000, 12);
    const { db } = tables(3);
    load(db, entries);
    expect(db.prepare("SELECT rtreecheck('loaded')").pluck().get()).toBe('ok');
    const layer5 = db
      .prepare('SELECT count(*) FROM loaded WHERE min_l <= 5 AND max_l >= 5 AND min_x <= 1e7 AND max_x >= 0')
      .pluck()
      .get();
    let expected = 0;
    for (let i = 0; i < 20_000; i++) if (entries.boxes[i * 6 + 4] === 5) expected++;
    expect(layer5).toBe(expected);
  });

  it('loads entries collected in memory (float32, saved and read back in parts) into the same tree', () => {
    const entries = randomBoxes(5_000, 12);
    const collected = new CollectedRtreeEntries(3);
    // Collected in three parts, the last one rolled back, as a resumed build saves them per commit.
    const saved = new CollectedRtreeEntries(3);
    for (let i = 0; i < 5_000; i++) {
      const [minX, maxX, minY, maxY, minL, maxL] = entries.boxes.subarray(i * 6, i * 6 + 6);
      collected.add(entries.ids[i], minX, maxX, minY, maxY, minL, maxL);
      if (i === 1_999 || i === 3_999) {
        const { ids, boxes } = collected.bytesFrom(saved.count);
        saved.appendBytes(ids, boxes);
      }
    }
    collected.truncate(4_000);
    expect(collected.count).toBe(4_000);
    const { ids, boxes } = collected.bytesFrom(0);
    expect(Buffer.compare(ids, saved.bytesFrom(0).ids)).toBe(0);
    expect(Buffer.compare(boxes, saved.bytesFrom(0).boxes)).toBe(0);

    const { db } = tables(3);
    db.unsafeMode(true);
    db.transaction(() => bulkLoadRtree(db, 'loaded', saved.entries()))();
    db.unsafeMode(false);
    const insert = db.prepare('INSERT INTO inserted VALUES (?, ?, ?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (let i = 0; i < 4_000; i++) insert.run(entries.ids[i], ...entries.boxes.subarray(i * 6, i * 6 + 6));
    })();
    expect(db.prepare("SELECT rtreecheck('loaded')").pluck().get()).toBe('ok');
    const rows = (table: string) =>
      JSON.stringify(db.prepare(`SELECT * FROM ${table} ORDER BY id`).raw().all());
    expect(rows('loaded')).toBe(rows('inserted'));
  });

  it('loads an empty table', () => {
    const { db } = tables(2);
    load(db, { ids: new Float64Array(0), boxes: new Float64Array(0), dims: 2 });
    expect(db.prepare("SELECT rtreecheck('loaded')").pluck().get()).toBe('ok');
    db.prepare('INSERT INTO loaded VALUES (1, 1, 2, 3, 4)').run();
    expect(db.prepare('SELECT id FROM loaded WHERE min_x <= 5 AND max_x >= 0').pluck().all()).toEqual([1]);
  });

  it('rounds boxes outwards to float32, never inwards', () => {
    for (const v of [948_558.3712, -12.3456789, 0.1, 5_973_883.05]) {
      expect(float32Down(v)).toBeLessThanOrEqual(v);
      expect(float32Up(v)).toBeGreaterThanOrEqual(v);
      expect(Math.fround(float32Down(v))).toBe(float32Down(v));
      expect(float32Up(v) - float32Down(v)).toBeLessThan(Math.abs(v) * 2 ** -21);
    }
    expect(float32Down(2)).toBe(2);
    expect(float32Up(2)).toBe(2);
  });

  it.each([1, 4, 6])(
    'orders the cells of a 2^%i grid along one Hilbert curve: each cell once, each step to a neighbour',
    (bits) => {
      const size = 2 ** bits;
      const unused = 16 - bits;
      const cellAt: [number, number][] = new Array(size * size);
      for (let x = 0; x < size; x++) {
        for (let y = 0; y < size; y++) {
          const position = hilbertIndex(x << unused, y << unused) >>> (2 * unused);
          expect(cellAt[position]).toBeUndefined();
          cellAt[position] = [x, y];
        }
      }
      expect(cellAt.filter(Boolean)).toHaveLength(size * size);
      for (let p = 1; p < cellAt.length; p++) {
        const [x0, y0] = cellAt[p - 1];
        const [x1, y1] = cellAt[p];
        expect(Math.abs(x1 - x0) + Math.abs(y1 - y0)).toBe(1);
      }
    },
  );

  it('runs the full 16-bit grid from the corner (0, 0) to a neighbouring corner, within 32 bits', () => {
    expect(hilbertIndex(0, 0)).toBe(0);
    const corners = [hilbertIndex(65535, 0), hilbertIndex(0, 65535)];
    expect(corners).toContain(0xffffffff);
    const positions = new Set<number>();
    for (let v = 0; v < 65536; v += 257) positions.add(hilbertIndex(v, v)).add(hilbertIndex(v, 65535 - v));
    expect(positions.size).toBe(512);
    for (const position of positions) expect(position).toBeLessThanOrEqual(0xffffffff);
  });
});
