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
  /** Utilisation figure in hundredths; NO_RESERVE_UTILISATION outside building zones. */
  utilisation: Uint16Array;
  /** Building reserve, m²; NO_RESERVE outside building zones. */
  reserve: Uint32Array;
  dictionaries: {
    cantons: string[];
    thermals: string[];
    alphas: string[];
    streets: string[];
    municipalities: number[];
  };
}

/** A parcel's filterable values, in the order FILTER_COLUMNS_SQL selects them (both adapters). */
export type FilterColumnsRow = [
  id: number,
  canton: string,
  munBfs: number,
  sur: number,
  ind: string,
  typ: string,
  objCount: number,
  radon: number,
  proBun: number,
  freeway: number,
  putra: number,
  thermal: string | null,
  alphaPri: string | null,
  alphaSec: string | null,
  street: string | null,
  utilisation: number | null,
  reserve: number | null,
];

/** The typed columns' "none" (a parcel outside building zones): above any range a search can ask for. */
export const NO_RESERVE = 0xffffffff;

export const NO_RESERVE_UTILISATION = 0xffff;

/** The parcels' columns a FilterColumnsRow is read from, in its order (both adapters select them by id). */
export const FILTER_COLUMNS_SQL = `id, canton, mun_bfs, sur, ind, typ, obj_count, grn_rad, pro_bun, freeway, putra,
  grn_trm, alpha_pri, alpha_sec, street, utilisation, reserve`;

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

type FilterArray = Int32Array | Uint32Array | Uint16Array | Uint8Array;

function grown<T extends FilterArray>(array: T, length: number): T {
  const next = new (array.constructor as new (length: number) => T)(length);
  next.set(array);
  return next;
}

/**
 * Builds the columns parcel by parcel in id order: from the parcels table (scanFilterColumns), or as a
 * dataset build writes them (no scan of millions of rows at the end: 7 s for the country).
 */
export class FilterColumnsCollector {
  private readonly cols: FilterColumns;
  private readonly canton: (value: string | null) => number;
  private readonly thermal: (value: string | null) => number;
  private readonly alpha: (value: string | null) => number;
  private readonly street: (value: string | null) => number;
  private readonly munIndex = new Map<number, number>();

  constructor(capacity = 1024) {
    const n = Math.max(1, capacity);
    this.cols = {
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
      utilisation: new Uint16Array(n),
      reserve: new Uint32Array(n),
      dictionaries: { cantons: [], thermals: [], alphas: [], streets: [], municipalities: [] },
    };
    const d = this.cols.dictionaries;
    this.canton = dictionary(d.cantons);
    this.thermal = dictionary(d.thermals);
    this.alpha = dictionary(d.alphas);
    this.street = dictionary(d.streets);
  }

  add(
    ...[
      id,
      canton,
      bfs,
      sur,
      ind,
      typ,
      objCount,
      radon,
      proBun,
      freeway,
      putra,
      trm,
      pri,
      sec,
      str,
      utilisation,
      reserve,
    ]: FilterColumnsRow
  ): void {
    const cols = this.cols;
    const i = cols.count;
    if (i === cols.ids.length) this.grow(i * 2);
    let m = this.munIndex.get(bfs);
    if (m === undefined) {
      m = cols.dictionaries.municipalities.length;
      cols.dictionaries.municipalities.push(bfs);
      this.munIndex.set(bfs, m);
    }
    cols.ids[i] = id;
    cols.canton[i] = this.canton(canton);
    cols.mun[i] = m;
    cols.sur[i] = Math.min(sur, 0xffffffff);
    cols.flags[i] = (ind === 'Road' ? 1 : 0) | (typ === 'Baurecht' ? 2 : 0) | (proBun ? 4 : 0);
    cols.objCount[i] = Math.min(objCount, 255);
    cols.radon[i] = Math.min(radon, 255);
    cols.freeway[i] = freeway;
    cols.putra[i] = putra;
    cols.thermal[i] = this.thermal(trm);
    cols.alphaPri[i] = this.alpha(pri);
    cols.alphaSec[i] = this.alpha(sec);
    cols.street[i] = this.street(str);
    cols.utilisation[i] =
      utilisation === null
        ? NO_RESERVE_UTILISATION
        : Math.min(Math.round(utilisation * 100), NO_RESERVE_UTILISATION - 1);
    cols.reserve[i] = reserve === null ? NO_RESERVE : Math.min(reserve, NO_RESERVE - 1);
    cols.count = i + 1;
  }

  columns(): FilterColumns {
    return this.cols;
  }

  private grow(length: number): void {
    const columns = this.cols as unknown as Record<(typeof ARRAYS)[number], FilterArray>;
    for (const name of ARRAYS) columns[name] = grown(columns[name], length);
  }
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
  'utilisation',
  'reserve',
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
    utilisation: view('utilisation', (b) => new Uint16Array(b)),
    reserve: view('reserve', (b) => new Uint32Array(b)),
    dictionaries: JSON.parse(dict.toString('utf8')) as FilterColumns['dictionaries'],
  };
}
