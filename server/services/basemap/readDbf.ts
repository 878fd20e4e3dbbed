import fs from 'node:fs';

export type DbfRecord = Record<string, string | number | null>;

/**
 * Reads the records of a dBase III file (the attribute table next to a shapefile). Enough for the
 * swiss-maps tables: character and numeric fields, UTF-8 text.
 */
export function readDbf(file: string): DbfRecord[] {
  const buffer = fs.readFileSync(file);
  const count = buffer.readUInt32LE(4);
  const headerLength = buffer.readUInt16LE(8);
  const recordLength = buffer.readUInt16LE(10);
  const fields: { name: string; type: string; length: number }[] = [];
  for (let offset = 32; buffer[offset] !== 0x0d; offset += 32) {
    fields.push({
      name: buffer.toString('latin1', offset, offset + 11).replace(/\0.*$/, ''),
      type: String.fromCharCode(buffer[offset + 11]),
      length: buffer[offset + 16],
    });
  }
  const records: DbfRecord[] = [];
  for (let index = 0; index < count; index += 1) {
    // Each record starts with a one-byte deletion flag.
    let offset = headerLength + index * recordLength + 1;
    const record: DbfRecord = {};
    for (const field of fields) {
      const raw = buffer
        .toString('utf8', offset, offset + field.length)
        .replace(/[\s\0]+$/, '')
        .trim();
      offset += field.length;
      if (field.type === 'N' || field.type === 'F') record[field.name] = raw === '' ? null : Number(raw);
      else record[field.name] = raw === '' ? null : raw;
    }
    records.push(record);
  }
  return records;
}
