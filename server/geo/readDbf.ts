import fs from 'node:fs';

export type DbfRecord = Record<string, string>;

/**
 * Reads the records of a dBASE III file (the attribute table of a shapefile). swiss-maps ships names only
 * there, not in its TopoJSON. Text is UTF-8, padded with NULs or spaces.
 */
export function readDbf(file: string): DbfRecord[] {
  const data = fs.readFileSync(file);
  const count = data.readUInt32LE(4);
  const headerLength = data.readUInt16LE(8);
  const recordLength = data.readUInt16LE(10);
  const fields: { name: string; length: number }[] = [];
  for (let offset = 32; data[offset] !== 0x0d && offset < headerLength; offset += 32) {
    const name = data.toString('latin1', offset, offset + 11).replace(/\0.*$/, '');
    fields.push({ name, length: data[offset + 16] });
  }
  const records: DbfRecord[] = [];
  for (let i = 0; i < count; i++) {
    let offset = headerLength + i * recordLength + 1;
    const record: DbfRecord = {};
    for (const field of fields) {
      record[field.name] = data
        .toString('utf8', offset, offset + field.length)
        .replace(/\0/g, '')
        .trim();
      offset += field.length;
    }
    records.push(record);
  }
  return records;
}
