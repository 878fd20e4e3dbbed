import fs from 'node:fs';
import readline from 'node:readline';
import { fileRefusal } from '../CadastreSource';

/**
 * One building of the federal buildings register's public extract (GWR/RegBL, housing-stat.ch): its
 * EGID, position (LV95 GKODE/GKODN) and the facts the atlas shows. A value the extract leaves empty is null.
 */
export interface RegisterBuilding {
  /** The extract's line (1 = header), for messages. */
  line: number;
  egid: string;
  e: number | null;
  n: number | null;
  /** GKAT: 1010 provisional, 1020 residential only, 1030 with other use, 1040 partly residential, 1060 non-residential, 1080 special. */
  category: number | null;
  /** GBAUJ, year of construction. */
  year: number | null;
  /** GBAUP, construction period code 8011–8023. */
  period: number | null;
  /** GASTW, storeys. */
  storeys: number | null;
  /** GAREA, footprint m². */
  area: number | null;
  /** GVOL, volume m³. */
  volume: number | null;
  /** GANZWHG, dwellings. */
  dwellings: number | null;
}

/** The register's column names (its catalogue's abbreviations), as the public extract heads them. */
const COLUMNS = {
  egid: 'EGID',
  e: 'GKODE',
  n: 'GKODN',
  category: 'GKAT',
  year: 'GBAUJ',
  period: 'GBAUP',
  storeys: 'GASTW',
  area: 'GAREA',
  volume: 'GVOL',
  dwellings: 'GANZWHG',
} as const;

/** Splits one CSV line on `separator`, double quotes enclosing a value (a doubled quote inside is one). */
export function splitCsvLine(line: string, separator: string): string[] {
  const values: string[] = [];
  let value = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        value += '"';
        i++;
      } else if (c === '"') quoted = false;
      else value += c;
    } else if (c === '"' && value === '') quoted = true;
    else if (c === separator) {
      values.push(value);
      value = '';
    } else value += c;
  }
  values.push(value);
  return values;
}

/** The separator the header uses: tab (the housing-stat.ch download), semicolon or comma. */
const separatorOf = (header: string) => (header.includes('\t') ? '\t' : header.includes(';') ? ';' : ',');

const numberOrNull = (value: string | undefined): number | null => {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/**
 * Reads the register extract line by line (a canton's extract is a few hundred thousand lines). Refuses
 * an empty file, a header without EGID, and a line with fewer values than the header (a file cut short).
 */
export async function* readGwrExtract(file: string): AsyncGenerator<RegisterBuilding> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let header: string[] | null = null;
  let separator = ';';
  let index: Partial<Record<keyof typeof COLUMNS, number>> = {};
  let lineNumber = 0;
  for await (const raw of lines) {
    lineNumber++;
    const line = lineNumber === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (!header) {
      if (line.trim() === '') continue;
      separator = separatorOf(line);
      header = splitCsvLine(line, separator).map((name) => name.trim());
      const upper = header.map((name) => name.toUpperCase());
      index = Object.fromEntries(
        Object.entries(COLUMNS).flatMap(([field, name]) => {
          const at = upper.indexOf(name);
          return at === -1 ? [] : [[field, at]];
        }),
      );
      if (index.egid === undefined)
        throw fileRefusal(
          'registerNoEgid',
          `The buildings register extract has no EGID column (its columns: ${header.join(', ')})`,
          { columns: header.join(', ') },
        );
      continue;
    }
    if (line.trim() === '') continue;
    const values = splitCsvLine(line, separator);
    if (values.length < header.length)
      throw fileRefusal(
        'registerCut',
        `The buildings register extract is incomplete: line ${lineNumber.toLocaleString('en')} has ${values.length.toLocaleString('en')} of its ${header.length.toLocaleString('en')} columns (an interrupted download or copy?)`,
        { line: lineNumber, found: values.length, expected: header.length },
      );
    const value = (field: keyof typeof COLUMNS) => {
      const at = index[field];
      return at === undefined ? undefined : values[at];
    };
    const egid = value('egid')?.trim() ?? '';
    if (!/^\d+$/.test(egid)) continue;
    yield {
      line: lineNumber,
      egid: String(Number(egid)),
      e: numberOrNull(value('e')),
      n: numberOrNull(value('n')),
      category: numberOrNull(value('category')),
      year: numberOrNull(value('year')),
      period: numberOrNull(value('period')),
      storeys: numberOrNull(value('storeys')),
      area: numberOrNull(value('area')),
      volume: numberOrNull(value('volume')),
      dwellings: numberOrNull(value('dwellings')),
    };
  }
  if (!header)
    throw fileRefusal(
      'registerEmpty',
      'The buildings register extract is empty: export it with its header line (EGID, GKODE, GKODN, GKAT, GBAUJ …)',
    );
}
