/**
 * The features of one tile layer, packed: every attribute value (UTF-8) and every encoded geometry
 * (geometryCodec) lie back to back in `data`. A city-centre tile holds a few thousand features, and
 * one buffer with offsets instead of a string and a Buffer per row halves the time spent reading them.
 */
export interface TileFeatureBatch {
  /** Attribute names, in the order of each feature's spans. */
  keys: readonly string[];
  count: number;
  ids: Float64Array;
  data: Uint8Array;
  /** Per feature, keys.length + 1 [start, end) pairs into `data`: the attribute values, then the geometry. */
  spans: Int32Array;
  /** Features read from the index before keepFeatures filtered them (absent: `count`, none filtered). */
  read?: number;
}

const SPACE = 0x20;

/**
 * SQL for one packed row: `id ␠ (byteLength ␠ value)… byteLength ␠ geometry`. SQLite concatenates blob
 * bytes verbatim (the database is UTF-8), so `group_concat` of these rows is the whole tile in one blob.
 */
export function packedRowSql(id: string, attributes: readonly string[], geometry: string): string {
  const field = (expr: string) => `octet_length(${expr}) || ' ' || ${expr}`;
  return [`${id} || ' '`, ...attributes.map(field), field(geometry)].join(' || ');
}

/** Reads a blob of rows written by `packedRowSql` (null when no row matched). */
export function readTileFeatureBatch(keys: readonly string[], packed: Uint8Array | null): TileFeatureBatch {
  const data = packed ?? new Uint8Array(0);
  const fields = keys.length + 1;
  let ids = new Float64Array(256);
  let spans = new Int32Array(256 * fields * 2);
  let count = 0;
  let pos = 0;
  // Decimal digits up to the next space.
  const readNumber = () => {
    let n = 0;
    for (let c = data[pos++]; c !== SPACE; c = data[pos++]) {
      // Malformed packing (a query's SQL gone wrong) fails loudly instead of reading on forever.
      if (c === undefined) throw new Error('A packed tile row ends inside a number');
      n = n * 10 + (c - 0x30);
    }
    return n;
  };
  while (pos < data.length) {
    if (count === ids.length) {
      const grownIds = new Float64Array(count * 2);
      grownIds.set(ids);
      ids = grownIds;
      const grownSpans = new Int32Array(spans.length * 2);
      grownSpans.set(spans);
      spans = grownSpans;
    }
    ids[count] = readNumber();
    const base = count * fields * 2;
    for (let f = 0; f < fields; f++) {
      const length = readNumber();
      spans[base + 2 * f] = pos;
      spans[base + 2 * f + 1] = pos + length;
      pos += length;
    }
    count++;
  }
  return { keys, count, ids, data, spans };
}

/** The batch with only the features whose id passes `keep` (the packed data is shared, not copied). */
export function keepFeatures(batch: TileFeatureBatch, keep: (id: number) => boolean): TileFeatureBatch {
  const width = (batch.keys.length + 1) * 2;
  const ids = new Float64Array(batch.count);
  const spans = new Int32Array(batch.count * width);
  let count = 0;
  for (let i = 0; i < batch.count; i++) {
    if (!keep(batch.ids[i])) continue;
    ids[count] = batch.ids[i];
    spans.set(batch.spans.subarray(i * width, (i + 1) * width), count * width);
    count++;
  }
  return { keys: batch.keys, count, ids, data: batch.data, spans, read: batch.read ?? batch.count };
}
