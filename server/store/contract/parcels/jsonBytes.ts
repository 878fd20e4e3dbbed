/**
 * JSON text written as UTF-8 bytes into one growing buffer, byte for byte what JSON.stringify writes of the
 * same values, without making a string per value. The OGC items pages write 1,000 parcels (about 1.2 MB,
 * 30,000 coordinates) per page: as strings (a number's text, a position's brackets, a feature's
 * concatenation, then its UTF-8 copy) they allocated some 16 MB a page, and the collections those
 * allocations set off were the slow pages.
 */
/** The most units JsonBytes.fixed writes itself: 15 significant digits. */
const MAX_FIXED_UNITS = 1e15 - 1;

export class JsonBytes {
  private buffer: Buffer;
  /** Bytes written so far. */
  length = 0;

  constructor(initialBytes = 1 << 16) {
    // Its own memory, not a slice of Node's shared pool: the buffer is kept and reused.
    this.buffer = Buffer.allocUnsafeSlow(initialBytes);
  }

  /** Starts again at the front, keeping the memory. */
  reset(): void {
    this.length = 0;
  }

  /**
   * A copy of the bytes written (the buffer itself is written over by the next page), in memory of its own
   * with `room` bytes free before and after them (BytesWithRoom): new memory, or memory of `pool` that the
   * copy's `release` hands back.
   */
  copy(room = { before: 0, after: 0 }, pool?: BufferPool): BytesWithRoom {
    const bytes = room.before + this.length + room.after;
    const taken = pool?.take(bytes);
    const memory = taken ? taken.memory : Buffer.allocUnsafeSlow(bytes);
    this.buffer.copy(memory, room.before, 0, this.length);
    const copy: BytesWithRoom = { bytes: memory.subarray(room.before, room.before + this.length), room };
    if (taken) copy.release = taken.release;
    return copy;
  }

  /** The bytes written so far as text. */
  toString(): string {
    return this.buffer.toString('utf8', 0, this.length);
  }

  /** Makes room for `bytes` more. */
  private room(bytes: number): void {
    const needed = this.length + bytes;
    if (needed <= this.buffer.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(needed, this.buffer.length * 2));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  /** Bytes as they are (pre-encoded keys and punctuation). */
  bytes(data: Uint8Array): void {
    const count = data.length;
    this.room(count);
    // A loop: set() costs more than it moves for the few bytes of a key.
    const { buffer } = this;
    const at = this.length;
    for (let i = 0; i < count; i++) buffer[at + i] = data[i];
    this.length += count;
  }

  /** The bytes at [start, end) of `data` as they are (a number's text as the database wrote it). */
  span(data: Uint8Array, start: number, end: number): void {
    this.room(end - start);
    const { buffer } = this;
    let at = this.length;
    for (let i = start; i < end; i++) buffer[at++] = data[i];
    this.length = at;
  }

  /** The bytes written at [start, end) once more (a ring's first position repeated to close it). */
  again(start: number, end: number): void {
    this.room(end - start);
    this.buffer.copyWithin(this.length, start, end);
    this.length += end - start;
  }

  /** One ASCII character by its code. */
  byte(code: number): void {
    this.room(1);
    this.buffer[this.length++] = code;
  }

  /** Text known to need no escaping and to be ASCII (a number's String, "null", "true"). */
  ascii(text: string): void {
    this.room(text.length);
    this.length += this.buffer.write(text, this.length, 'latin1');
  }

  /** Digits of a whole number 0 ≤ n < 2^53, at least `width` of them (leading zeros). */
  private digits(n: number, width = 1): void {
    let count = 1;
    for (let rest = n; rest >= 10; rest = (rest - (rest % 10)) / 10) count++;
    if (count < width) count = width;
    this.room(count);
    const { buffer } = this;
    let rest = n;
    for (let at = this.length + count - 1; at >= this.length; at--) {
      const digit = rest % 10;
      buffer[at] = 0x30 + digit;
      rest = (rest - digit) / 10;
    }
    this.length += count;
  }

  /** A number as JSON.stringify writes it: String(n) for finite numbers, null for the others. */
  number(n: number): void {
    if (Number.isSafeInteger(n)) {
      // -0 is written "0" as String writes it.
      if (n < 0) this.byte(0x2d);
      this.digits(Math.abs(n));
    } else this.ascii(Number.isFinite(n) ? String(n) : 'null');
  }

  /**
   * `units / 10^decimals` as `number` writes it, from the whole number of units: the decimal
   * units × 10^-decimals, trailing zeros dropped. Of at most 15 significant digits, that decimal is the
   * only one so short that reads back as the double nearest to it (doubles carry 15.9 digits), which is
   * the text String writes; so a coordinate rounded as `Math.round(v * 1e8) / 1e8` is written from
   * `Math.round(v * 1e8)` without dividing. Longer numbers, and those String writes with an exponent,
   * are written by String.
   */
  fixed(units: number, decimals: 3 | 6 | 8): void {
    const scale = decimals === 3 ? 1e3 : decimals === 6 ? 1e6 : 1e8;
    const size = Math.abs(units);
    if (!Number.isInteger(units) || size > MAX_FIXED_UNITS || (size !== 0 && size * 1e6 < scale)) {
      this.number(units / scale);
      return;
    }
    if (units < 0) this.byte(0x2d);
    let fraction = size % scale;
    this.digits((size - fraction) / scale);
    if (fraction === 0) return;
    let places = decimals as number;
    while (fraction % 10 === 0) {
      fraction /= 10;
      places--;
    }
    this.byte(0x2e);
    this.digits(fraction, places);
  }

  /** A string as JSON.stringify quotes it. */
  string(text: string): void {
    const count = text.length;
    // UTF-8 takes at most 3 bytes per UTF-16 unit; 2 quotes; an escape 2 bytes for one unit.
    this.room(3 * count + 2);
    const { buffer } = this;
    const start = this.length;
    let at = start;
    buffer[at++] = 0x22;
    for (let i = 0; i < count; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x80) {
        if (c >= 0x20 && c !== 0x22 && c !== 0x5c) buffer[at++] = c;
        else if (c === 0x22 || c === 0x5c) {
          buffer[at++] = 0x5c;
          buffer[at++] = c;
        } else return this.stringified(text, start);
      } else if (c < 0x800) {
        buffer[at++] = 0xc0 | (c >> 6);
        buffer[at++] = 0x80 | (c & 0x3f);
      } else if (c < 0xd800 || c > 0xdfff) {
        buffer[at++] = 0xe0 | (c >> 12);
        buffer[at++] = 0x80 | ((c >> 6) & 0x3f);
        buffer[at++] = 0x80 | (c & 0x3f);
      } else return this.stringified(text, start);
    }
    buffer[at++] = 0x22;
    this.length = at;
  }

  /** Control characters and surrogates (rare in a register's text): JSON.stringify's own escapes. */
  private stringified(text: string, start: number): void {
    this.length = start;
    this.json(JSON.stringify(text));
  }

  /** Text that is JSON already. */
  private json(text: string): void {
    this.room(3 * text.length);
    this.length += this.buffer.write(text, this.length, 'utf8');
  }

  /** Any attribute value as JSON.stringify writes it (what a column holds is the database's). */
  value(value: unknown): void {
    if (typeof value === 'string') this.string(value);
    else if (typeof value === 'number') this.number(value);
    else if (value === null) this.ascii('null');
    // Booleans, and what JSON.stringify makes of anything else (as the text it was written into before).
    else this.json(String(JSON.stringify(value)));
  }
}

/**
 * Bytes in memory of their own (`bytes.buffer`, not Node's shared pool) with `room` free before and after
 * them: what goes around them (a FeatureCollection around its features) can be written there instead of
 * copying them all into a bigger buffer.
 */
export interface BytesWithRoom {
  bytes: Buffer;
  room: { before: number; after: number };
  /**
   * Hands the memory back to the pool it came from (JsonBytes.copy), once nothing reads it any more (the
   * reply that sends it is done); without it, the memory is the collector's.
   */
  release?: () => void;
}

/**
 * Memory for bytes that outlive their writing (an items page's reply), used again once handed back. Each
 * page of 1,000 parcels took 1.2 MB of new memory outside the heap: the heap's collector counts that
 * memory, and its growth started a full marking of the heap (some 140 MB, the search index) every 20 or so
 * pages, whose steps on the event loop made the slowest pages. Memory never handed back (a reply that
 * failed) is simply left to the collector.
 */
export class BufferPool {
  private readonly free: Buffer[] = [];

  /** `keep`: how many free buffers it holds at most; `minBytes`: the least it allocates (pages vary). */
  constructor(
    private readonly keep: number,
    private readonly minBytes: number,
  ) {}

  /** Memory of at least `bytes`, and the function that hands it back (the first call only counts). */
  take(bytes: number): { memory: Buffer; release: () => void } {
    let memory: Buffer | undefined;
    for (let i = 0; i < this.free.length; i++) {
      if (this.free[i].length < bytes) continue;
      memory = this.free[i];
      this.free[i] = this.free[this.free.length - 1];
      this.free.pop();
      break;
    }
    const taken = memory ?? Buffer.allocUnsafeSlow(Math.max(bytes, this.minBytes));
    let released = false;
    return {
      memory: taken,
      release: () => {
        if (released) return;
        released = true;
        if (this.free.length < this.keep) this.free.push(taken);
      },
    };
  }

  /** Free buffers held (for tests). */
  get size(): number {
    return this.free.length;
  }
}

/**
 * The bytes with `before` and `after` around them, in their room when it is big enough, else in a new
 * buffer; the room is used up (`room` zeroed): the text is written around them once.
 */
export function surround(inner: BytesWithRoom, before: Uint8Array, after: string): Buffer {
  const { bytes, room } = inner;
  const afterLength = Buffer.byteLength(after);
  if (before.length > room.before || afterLength > room.after)
    return Buffer.concat([before, bytes, Buffer.from(after)]);
  const whole = Buffer.from(
    bytes.buffer,
    bytes.byteOffset - before.length,
    before.length + bytes.length + afterLength,
  );
  whole.set(before, 0);
  whole.write(after, before.length + bytes.length, 'utf8');
  inner.room = { before: 0, after: 0 };
  return whole;
}

/** Pre-encoded ASCII text (keys and punctuation), for JsonBytes.bytes. */
export const utf8 = (text: string): Uint8Array => Buffer.from(text, 'utf8');
