import zlib from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646;

/**
 * A WOFF 1.0 file as the TrueType/OpenType font it wraps (W3C WOFF 1.0 §4–5): the same tables, inflated,
 * behind an sfnt header and a table directory with the offsets of the unpacked file; the tables named
 * in `without` are left out.
 */
export function woffToSfnt(woff: Buffer, without: readonly string[] = []): Buffer {
  if (woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('Not a WOFF 1.0 font');
  const entries = Array.from({ length: woff.readUInt16BE(12) }, (_, i) => 44 + i * 20).filter(
    (at) => !without.includes(woff.toString('latin1', at, at + 4)),
  );
  const count = entries.length;
  const tables = entries.map((at) => {
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < length ? zlib.inflateSync(raw) : raw,
    };
  });
  const searchPower = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(searchPower * 16, 6);
  header.writeUInt16BE(Math.log2(searchPower), 8);
  header.writeUInt16BE(count * 16 - searchPower * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    header.writeUInt32BE(table.tag, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}
