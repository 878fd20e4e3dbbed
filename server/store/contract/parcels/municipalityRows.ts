import type { Ring } from '../../../geo/ring';
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

/** How PackedRows.texts marks a value: a number, null, or (from PACKED_TEXT on) a string's index + 2. */
export const PACKED_NUMBER = 0;
export const PACKED_NULL = 1;
export const PACKED_TEXT = 2;

type PlainValue = string | number | null;

class RowPacker {
  private numbers = new Float64Array(1 << 12);
  private texts = new Uint32Array(1 << 12);
  private size = 0;
  private readonly strings: string[] = [];
  private readonly stringIndex = new Map<string, number>();
  private readonly geometries = new GeometryBuffer();
  private readonly ends: number[] = [];

  constructor(private readonly stride: number) {}

  private push(value: PlainValue): void {
    if (this.size === this.numbers.length) {
      const numbers = new Float64Array(this.size * 2);
      numbers.set(this.numbers);
      this.numbers = numbers;
      const texts = new Uint32Array(this.size * 2);
      texts.set(this.texts);
      this.texts = texts;
    }
    const at = this.size++;
    if (typeof value === 'number') {
      this.numbers[at] = value;
      this.texts[at] = PACKED_NUMBER;
    } else if (value === null) {
      this.texts[at] = PACKED_NULL;
    } else {
      let index = this.stringIndex.get(value);
      if (index === undefined) {
        index = this.strings.length;
        this.strings.push(value);
        this.stringIndex.set(value, index);
      }
      this.texts[at] = PACKED_TEXT + index;
    }
  }

  /** Adds a row: its values, then its geometry's box, then `after`. */
  add(values: readonly PlainValue[], rings: readonly Ring[], after: readonly PlainValue[] = []): void {
    const box = appendGeometry(this.geometries, rings);
    for (const value of values) this.push(value);
    for (const value of box) this.push(value);
    for (const value of after) this.push(value);
    this.ends.push(this.geometries.length);
  }

  pack(): PackedRows {
    return {
      count: this.ends.length,
      stride: this.stride,
      numbers: this.numbers.slice(0, this.size),
      texts: this.texts.slice(0, this.size),
      strings: this.strings,
      geometries: this.geometries.bytes(),
      geometryEnds: Uint32Array.from(this.ends),
    };
  }
}

/** Encodes a generated municipality into the rows the writer stores (run in the generating thread). */
export function packMunicipality(g: GeneratedMunicipality): MunicipalityRows {
  const parcels = new RowPacker(PARCEL_VALUES + BOX);
  const floorAreas = new Float64Array(g.parcels.length);
  for (const b of g.buildings) floorAreas[b.parcelIndex] += (b.OBJ_SUR || 0) * (b.OBJ_FLO || 1);
  g.parcels.forEach((p, i) => {
    const columns = parcelColumns({
      canton: g.cantonCode,
      bfs: g.bfs,
      parcel: p,
      objCount: p.objCount,
      floorArea: floorAreas[i],
      themes: encodeThemes(p.themes, p.fixPoints),
      origin: 'synthetic',
    });
    parcels.add(columns, [p.ring]);
  });
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

/** Row i's values from..to of a packed table (a new array: the SQLite driver binds arrays). */
export function rowValues(rows: PackedRows, i: number, from: number, to: number): PlainValue[] {
  const start = i * rows.stride;
  const values: PlainValue[] = new Array(to - from);
  for (let k = from; k < to; k++) {
    const text = rows.texts[start + k];
    values[k - from] =
      text === PACKED_NUMBER
        ? rows.numbers[start + k]
        : text === PACKED_NULL
          ? null
          : rows.strings[text - PACKED_TEXT];
  }
  return values;
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
    t.numbers.buffer as ArrayBuffer,
    t.texts.buffer as ArrayBuffer,
    t.geometries.buffer as ArrayBuffer,
    t.geometryEnds.buffer as ArrayBuffer,
  ]);
}
