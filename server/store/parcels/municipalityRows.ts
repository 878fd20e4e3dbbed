import type { Ring } from '../../geo/ring';
import { GEOMETRY_KIND, layerIndex, layerRings } from '../layers/layerRows';
import { encodeBuildingAttrs } from './buildingAttrsCodec';
import type { GeneratedMunicipality, MunicipalityRows, PackedRows } from './DatasetWriter';
import { appendGeometry, GeometryBuffer } from './geometryCodec';
import { PARCEL_COLUMN_COUNT, parcelColumns } from './parcelInsert';
import { encodeThemes } from './themeCodec';

/** Parcel values before the box. */
export const PARCEL_VALUES = PARCEL_COLUMN_COUNT;
/** obj_id, the parcel's index in the municipality, typ, pro, lon, lat, attrs. */
export const BUILDING_VALUES = 7;
/** layer, source_layer, cls, grp, label, kind. */
export const LAYER_VALUES = 6;
const BOX = 4;

class RowPacker {
  private readonly values: (string | number | null)[] = [];
  private readonly geometries = new GeometryBuffer();
  private readonly ends: number[] = [];

  constructor(private readonly stride: number) {}

  /** Adds a row: its values, then its geometry's box, then `after`. */
  add(
    values: readonly (string | number | null)[],
    rings: readonly Ring[],
    after: readonly (string | number | null)[] = [],
  ): void {
    const box = appendGeometry(this.geometries, rings);
    const out = this.values;
    for (const value of values) out.push(value);
    out.push(box[0], box[1], box[2], box[3]);
    for (const value of after) out.push(value);
    this.ends.push(this.geometries.length);
  }

  pack(): PackedRows {
    return {
      count: this.ends.length,
      stride: this.stride,
      values: this.values,
      geometries: this.geometries.bytes(),
      geometryEnds: Uint32Array.from(this.ends),
    };
  }
}

/** Encodes a generated municipality into the rows the writer stores (run in the generating thread). */
export function packMunicipality(g: GeneratedMunicipality): MunicipalityRows {
  const parcels = new RowPacker(PARCEL_VALUES + BOX);
  for (const p of g.parcels) {
    const columns = parcelColumns({
      canton: g.cantonCode,
      bfs: g.bfs,
      parcel: p,
      objCount: p.objCount,
      themes: encodeThemes(p.themes, p.fixPoints),
      origin: 'synthetic',
    });
    parcels.add(columns, [p.ring]);
  }
  const buildings = new RowPacker(BUILDING_VALUES + BOX + 4);
  for (const b of g.buildings) {
    const { parcelIndex, ring, lon, lat, OBJ_ID, OBJ_TYP, OBJ_PRO, roof, ...attrs } = b;
    buildings.add(
      [OBJ_ID, parcelIndex, OBJ_TYP, OBJ_PRO, lon, lat, encodeBuildingAttrs(attrs)],
      [ring],
      [roof.height, roof.roofArea, roof.orientation, roof.solarClass],
    );
  }
  const layers = new RowPacker(LAYER_VALUES + BOX + 1);
  for (const f of g.layers) {
    layers.add(
      [f.layer, f.sourceLayer, f.cls, f.group, f.label, GEOMETRY_KIND[f.geometry.type]],
      layerRings(f.geometry),
      [layerIndex(f.layer)],
    );
  }
  return {
    bfs: g.bfs,
    name: g.name,
    cantonCode: g.cantonCode,
    zip: g.zip,
    centre: g.centre,
    streets: g.streets,
    parcels: parcels.pack(),
    buildings: buildings.pack(),
    layers: layers.pack(),
  };
}

/** Row i's values of a packed table (a copy: better-sqlite3 binds arrays). */
export function rowValues(rows: PackedRows, i: number, from: number, to: number): (string | number | null)[] {
  const start = i * rows.stride;
  return rows.values.slice(start + from, start + to);
}

/** Row i's encoded geometry, as a Buffer viewing the packed bytes (no copy). */
export function rowGeometry(rows: PackedRows, i: number): Buffer {
  const start = i === 0 ? 0 : rows.geometryEnds[i - 1];
  const { buffer, byteOffset } = rows.geometries;
  return Buffer.from(buffer, byteOffset + start, rows.geometryEnds[i] - start);
}

/** The buffers a worker can transfer instead of copying. */
export function transferableBuffers(rows: MunicipalityRows): ArrayBuffer[] {
  return [rows.parcels, rows.buildings, rows.layers].flatMap((t) => [
    t.geometries.buffer as ArrayBuffer,
    t.geometryEnds.buffer as ArrayBuffer,
  ]);
}
