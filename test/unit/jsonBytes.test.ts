/**
 * The OGC pages write JSON as bytes (JsonBytes) instead of strings: every number, coordinate and string must
 * come out byte for byte as JSON.stringify writes it, and the collection around a page's features is written
 * in the room left around them, or around a copy when there is none.
 */
import { BufferPool, JsonBytes, surround } from '../../server/store/contract/parcels/jsonBytes';

const written = (write: (out: JsonBytes) => void): string => {
  const out = new JsonBytes(16);
  write(out);
  return out.toString();
};

/** A deterministic stream of numbers in [0, 1) (a test that fails says which values). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('JsonBytes', () => {
  it('writes numbers as JSON.stringify does, whole or not, and null for the ones JSON has not', () => {
    const next = random(7);
    const values = [
      0,
      -0,
      1,
      -1,
      2 ** 53 - 1,
      -(2 ** 53),
      2 ** 53 + 2,
      1e21,
      1e-7,
      0.1 + 0.2,
      1 / 3,
      2_681_234.5,
      NaN,
      Infinity,
      -Infinity,
      ...Array.from({ length: 2000 }, () => (next() - 0.5) * 10 ** Math.floor(next() * 30 - 10)),
      ...Array.from({ length: 2000 }, () => Math.round((next() - 0.5) * 1e12)),
    ];
    for (const value of values) expect(written((out) => out.number(value))).toBe(JSON.stringify(value));
  });

  it('writes a coordinate from its whole units as JSON writes the rounded coordinate', () => {
    const next = random(11);
    for (const decimals of [3, 6, 8] as const) {
      const scale = 10 ** decimals;
      const units = [
        0,
        -0,
        1,
        -1,
        99,
        100,
        scale,
        -scale,
        2 ** 53 - 1,
        2 ** 53 + 2,
        NaN,
        ...Array.from({ length: 5000 }, () => Math.round((next() - 0.5) * 10 ** Math.floor(next() * 16))),
        // Swiss longitudes and latitudes, LV95 millimetres.
        ...Array.from({ length: 2000 }, () => Math.round((5.9 + next() * 4.6) * scale)),
        ...Array.from({ length: 2000 }, () => Math.round((45.8 + next() * 2) * scale)),
        ...Array.from({ length: 2000 }, () => Math.round((2_480_000 + next() * 360_000) * 1000)),
      ];
      for (const unit of units)
        expect([unit, written((out) => out.fixed(unit, decimals))]).toEqual([
          unit,
          JSON.stringify(unit / scale),
        ]);
    }
  });

  it('quotes strings as JSON.stringify does: escapes, control characters, other scripts, surrogates', () => {
    const strings = [
      '',
      'Zug',
      'Saint-Légier "La Chiésaz" \\ /',
      'Zürich € 𝄞',
      'tab\tnew\nline\r\b\f\u0000\u001f\u007f',
      '\u2028\u2029',
      'lone \ud800 and \udfff surrogates',
      '中文 العربية',
    ];
    for (const text of strings) expect(written((out) => out.string(text))).toBe(JSON.stringify(text));
    for (const value of ['x', 3, null, true, false, { a: [1] }])
      expect(written((out) => out.value(value))).toBe(JSON.stringify(value));
  });

  it('writes the text around a copy in the room left for it, else around a new buffer', () => {
    const out = new JsonBytes(4);
    out.string('features');
    const inner = out.copy({ before: 4, after: 8 });
    expect(inner.bytes.toString()).toBe('"features"');
    const start = Buffer.from('{[');
    const whole = surround(inner, start, ']}');
    expect(whole.toString()).toBe('{["features"]}');
    expect(whole.buffer).toBe(inner.bytes.buffer);
    // The room is used once; too long a text goes around a copy.
    expect(surround(inner, start, ']}').toString()).toBe('{["features"]}');
    expect(surround(out.copy({ before: 1, after: 8 }), start, ']}').toString()).toBe('{["features"]}');
    expect(surround(out.copy({ before: 4, after: 1 }), start, ']}').toString()).toBe('{["features"]}');
  });

  it('copies into memory of a pool, which has it back once released (once), keeping a few buffers', () => {
    const pool = new BufferPool(2, 64);
    const out = new JsonBytes(4);
    out.string('page');
    const first = out.copy({ before: 2, after: 2 }, pool);
    expect(first.bytes.toString()).toBe('"page"');
    expect(first.bytes.buffer.byteLength).toBe(64);
    const second = out.copy({ before: 2, after: 2 }, pool);
    // Until released, every copy has memory of its own.
    expect(second.bytes.buffer).not.toBe(first.bytes.buffer);
    first.release?.();
    first.release?.();
    expect(pool.size).toBe(1);
    const third = out.copy({ before: 2, after: 2 }, pool);
    expect(third.bytes.buffer).toBe(first.bytes.buffer);
    expect(pool.size).toBe(0);
    // Memory too small for a copy stays in the pool; the pool keeps at most `keep` buffers.
    out.string('x'.repeat(100));
    const big = out.copy({ before: 0, after: 0 }, pool);
    expect(big.bytes.buffer.byteLength).toBeGreaterThanOrEqual(out.length);
    for (const copy of [second, third, big, out.copy(undefined, pool)]) copy.release?.();
    expect(pool.size).toBe(2);
    expect(out.copy().release).toBeUndefined();
  });
});
