import type { Database } from 'better-sqlite3';

/**
 * The filterable attributes of every parcel as typed arrays, in id order (~33 bytes a parcel). Text
 * values are dictionary codes: code c means dictionary[c − 1]; 0 means none.
 */
export interface FilterColumns {
  count: number;
  ids: Int32Array;
  canton: Uint8Array;
  /** Index into municipalities. */
  mun: Uint16Array;
  sur: Uint32Array;
  /** Bit 0 road, bit 1 Baurecht, bit 2 national protection. */
  flags: Uint8Array;
  objCount: Uint8Array;
  radon: Uint8Array;
  freeway: Uint32Array;
  putra: Uint32Array;
  thermal: Uint8Array;
  alphaPri: Uint16Array;
  alphaSec: Uint16Array;
  street: Uint32Array;
  dictionaries: {
    cantons: string[];
    thermals: string[];
    alphas: string[];
    streets: string[];
    municipalities: number[];
  };
}

/**
 * One parcel's filterable columns, in this order: id, canton, mun_bfs, sur, ind, typ, obj_count, grn_rad,
 * pro_bun, freeway, putra, grn_trm, alpha_pri, alpha_sec, street (FILTER_COLUMNS_SQL).
 */
export type FilterColumnsRow = [
  number,
  string,
  number,
  number,
  string,
  string,
  number,
  number,
  number,
  number,
  number,
  string | null,
  string | null,
  string | null,
  string | null,
];

/** The parcels' columns a FilterColumnsRow is read from, in its order (both adapters select them by id). */
export const FILTER_COLUMNS_SQL = `id, canton, mun_bfs, sur, ind, typ, obj_count, grn_rad, pro_bun, freeway, putra,
  grn_trm, alpha_pri, alpha_sec, street`;

function dictionary(values: string[]): (value: string | null) => number {
  const codes = new Map<string, number>();
  return (value) => {
    if (value === null) return 0;
    let c = codes.get(value);
    if (c === undefined) {
      values.push(value);
      c = values.length;
      codes.set(value, c);
    }
    return c;
  };
}

/**
 * Builds the columns from at most `n` rows given in id order, wherever they are read from (a SQLite
 * iteration, PostgreSQL chunks): `add` each row, then `done`.
 */
export function createFilterColumnsBuilder(n: number): {
  add(row: FilterColumnsRow): void;
  done(): FilterColumns;
} {
  const cols: FilterColumns = {
    count: 0,
    ids: new Int32Array(n),
    canton: new Uint8Array(n),
    mun: new Uint16Array(n),
    sur: new Uint32Array(n),
    flags: new Uint8Array(n),
    objCount: new Uint8Array(n),
    radon: new Uint8Array(n),
    freeway: new Uint32Array(n),
    putra: new Uint32Array(n),
    thermal: new Uint8Array(n),
    alphaPri: new Uint16Array(n),
    alphaSec: new Uint16Array(n),
    street: new Uint32Array(n),
    dictionaries: { cantons: [], thermals: [], alphas: [], streets: [], municipalities: [] },
  };
  const d = cols.dictionaries;
  const canton = dictionary(d.cantons);
  const thermal = dictionary(d.thermals);
  const alpha = dictionary(d.alphas);
  const street = dictionary(d.streets);
  const munIndex = new Map<number, number>();
  let i = 0;
  return {
    add([id, cantonCode, bfs, sur, ind, typ, objCount, radon, proBun, freeway, putra, trm, pri, sec, str]) {
      if (i >= n) return;
      let m = munIndex.get(bfs);
      if (m === undefined) {
        m = d.municipalities.length;
        d.municipalities.push(bfs);
        munIndex.set(bfs, m);
      }
      cols.ids[i] = id;
      cols.canton[i] = canton(cantonCode);
      cols.mun[i] = m;
      cols.sur[i] = Math.min(sur, 0xffffffff);
      cols.flags[i] = (ind === 'Road' ? 1 : 0) | (typ === 'Baurecht' ? 2 : 0) | (proBun ? 4 : 0);
      cols.objCount[i] = Math.min(objCount, 255);
      cols.radon[i] = Math.min(radon, 255);
      cols.freeway[i] = freeway;
      cols.putra[i] = putra;
      cols.thermal[i] = thermal(trm);
      cols.alphaPri[i] = alpha(pri);
      cols.alphaSec[i] = alpha(sec);
      cols.street[i] = street(str);
      i++;
    },
    done() {
      cols.count = i;
      return cols;
    },
  };
}

/** Reads the columns from the parcels table (one pass; ~4 s a million parcels). */
export function scanFilterColumns(db: Database): FilterColumns {
  const n = db.prepare('SELECT COUNT(*) FROM parcels').pluck().get() as number;
  const builder = createFilterColumnsBuilder(n);
  const rows = db
    .prepare(`SELECT ${FILTER_COLUMNS_SQL} FROM parcels ORDER BY id`)
    .raw(true)
    .iterate() as IterableIterator<FilterColumnsRow>;
  for (const row of rows) builder.add(row);
  return builder.done();
}

const ARRAYS = [
  'ids',
  'canton',
  'mun',
  'sur',
  'flags',
  'objCount',
  'radon',
  'freeway',
  'putra',
  'thermal',
  'alphaPri',
  'alphaSec',
  'street',
] as const;

/** The columns as named blobs (the saved form): one per typed array, then the dictionaries as JSON. */
export function filterColumnBlobs(cols: FilterColumns): [name: string, data: Buffer][] {
  const blobs = ARRAYS.map((name): [string, Buffer] => {
    const a = cols[name];
    return [name, Buffer.from(a.buffer, a.byteOffset, cols.count * a.BYTES_PER_ELEMENT)];
  });
  blobs.push(['dictionaries', Buffer.from(JSON.stringify(cols.dictionaries))]);
  return blobs;
}

export function saveFilterColumns(db: Database, cols: FilterColumns): void {
  const insert = db.prepare('INSERT OR REPLACE INTO parcel_filter_columns (name, data) VALUES (?, ?)');
  db.transaction(() => {
    db.exec('DELETE FROM parcel_filter_columns');
    for (const [name, data] of filterColumnBlobs(cols)) insert.run(name, data);
  })();
}

/** The saved columns, or null when there are none (then scan). */
export function readFilterColumns(db: Database): FilterColumns | null {
  const rows = db.prepare('SELECT name, data FROM parcel_filter_columns').all() as {
    name: string;
    data: Buffer;
  }[];
  return filterColumnsFromBlobs(rows);
}

/** The columns from their saved blobs, or null when some are missing. */
export function filterColumnsFromBlobs(
  rows: readonly { name: string; data: Buffer }[],
): FilterColumns | null {
  const byName = new Map(rows.map((r) => [r.name, r.data]));
  const dict = byName.get('dictionaries');
  if (!dict || ARRAYS.some((name) => !byName.has(name))) return null;
  // Copy into fresh, aligned buffers (a Buffer may share a pool at an odd offset).
  const view = <T>(name: string, make: (b: ArrayBuffer) => T): T => {
    const data = byName.get(name) as Buffer;
    const copy = new ArrayBuffer(data.length);
    new Uint8Array(copy).set(data);
    return make(copy);
  };
  const ids = view('ids', (b) => new Int32Array(b));
  return {
    count: ids.length,
    ids,
    canton: view('canton', (b) => new Uint8Array(b)),
    mun: view('mun', (b) => new Uint16Array(b)),
    sur: view('sur', (b) => new Uint32Array(b)),
    flags: view('flags', (b) => new Uint8Array(b)),
    objCount: view('objCount', (b) => new Uint8Array(b)),
    radon: view('radon', (b) => new Uint8Array(b)),
    freeway: view('freeway', (b) => new Uint32Array(b)),
    putra: view('putra', (b) => new Uint32Array(b)),
    thermal: view('thermal', (b) => new Uint8Array(b)),
    alphaPri: view('alphaPri', (b) => new Uint16Array(b)),
    alphaSec: view('alphaSec', (b) => new Uint16Array(b)),
    street: view('street', (b) => new Uint32Array(b)),
    dictionaries: JSON.parse(dict.toString('utf8')) as FilterColumns['dictionaries'],
  };
}
