/** A growable byte buffer with the protobuf primitives a vector tile needs. */
export class ByteWriter {
  bytes: Uint8Array;
  length = 0;

  constructor(initialSize = 1024) {
    this.bytes = new Uint8Array(initialSize);
  }

  reserve(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
  }

  varint(value: number): void {
    if (this.length + 10 > this.bytes.length) this.reserve(10);
    const bytes = this.bytes;
    if (value < 0x80) {
      bytes[this.length++] = value;
      return;
    }
    let v = value;
    // Above 2³² the bit operators would wrap; divide instead (ids and lengths rarely get there).
    while (v >= 0x80) {
      bytes[this.length++] = (v & 0x7f) | 0x80;
      v = v > 0xffffffff ? Math.floor(v / 128) : v >>> 7;
    }
    bytes[this.length++] = v;
  }

  /** Field key: field number and wire type (0 varint, 1 64-bit, 2 length-delimited). */
  key(field: number, wireType: 0 | 1 | 2): void {
    this.varint((field << 3) | wireType);
  }

  /** A 64-bit float, little-endian (wire type 1). */
  double(value: number): void {
    this.reserve(8);
    new DataView(this.bytes.buffer, this.bytes.byteOffset + this.length, 8).setFloat64(0, value, true);
    this.length += 8;
  }

  raw(data: Uint8Array): void {
    this.reserve(data.length);
    this.bytes.set(data, this.length);
    this.length += data.length;
  }

  /** A length-delimited field. */
  message(field: number, data: Uint8Array): void {
    this.key(field, 2);
    this.varint(data.length);
    this.raw(data);
  }

  string(field: number, text: string): void {
    // Tag values are mostly ASCII (ids, numbers): copy those directly instead of through a Buffer.
    if (/^[\x00-\x7f]*$/.test(text)) {
      this.key(field, 2);
      this.varint(text.length);
      this.reserve(text.length);
      for (let i = 0; i < text.length; i++) this.bytes[this.length++] = text.charCodeAt(i);
      return;
    }
    this.message(field, Buffer.from(text, 'utf8'));
  }

  finish(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}
