/**
 * SQL for one packed tile row as tileFeatureBatch reads it — `id ␠ (byteLength ␠ value)… byteLength ␠
 * geometry` — in bytea, so `string_agg(row, ''::bytea)` is the whole tile in one value (PostgreSQL's
 * counterpart of packedRowSql). Attributes are text expressions, the geometry a bytea column.
 */
export function packedRowPostgresSql(id: string, attributes: readonly string[], geometry: string): string {
  const field = (expr: string) =>
    `convert_to(octet_length(convert_to(${expr}, 'UTF8')) || ' ' || ${expr}, 'UTF8')`;
  return [
    `convert_to(${id} || ' ', 'UTF8')`,
    ...attributes.map(field),
    `convert_to(octet_length(${geometry}) || ' ', 'UTF8')`,
    geometry,
  ].join(' || ');
}

/**
 * A nullable double as SQLite prints `coalesce(x, 0)` of a REAL column: "0" for null, "12.0" for a whole
 * number, else the shortest exact decimal — so a tile's attribute values are the same bytes on both adapters.
 */
export function sqliteRealText(column: string): string {
  return `CASE WHEN ${column} IS NULL THEN '0' WHEN ${column} = trunc(${column})
    THEN trunc(${column})::bigint::text || '.0' ELSE ${column}::text END`;
}
