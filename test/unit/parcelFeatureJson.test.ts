/**
 * The OGC items pages write each parcel's GeoJSON text straight from its row (parcelFeatureJson): it must be
 * byte for byte what JSON.stringify gives of the single item's feature (parcelFeature of rowToParcel), for
 * both outline forms (tile and survey), both CRS, and every optional or escaped attribute.
 */
import { lonLatToMercator, lonLatToLv95 } from '../../server/geo/projection';
import type { Ring } from '../../server/geo/ring';
import { parcelFeature } from '../../server/services/ogc/featureItems';
import { CRS84, LV95 } from '../../server/services/ogc/ogcCrs';
import { encodeGeometry, encodeParts } from '../../server/store/contract/parcels/geometryCodec';
import Database from 'better-sqlite3';
import {
  PAGE_ROOM,
  PARCEL_FEATURE_COLUMNS,
  packedFeaturesSql,
  packedFeaturesText,
  parcelFeatureJson,
  parcelFeatureRow,
  parcelFeaturesText,
  type ParcelFeatureRow,
} from '../../server/store/contract/parcels/parcelFeatureJson';
import type { ParcelRow } from '../../server/store/contract/parcels/ParcelRow';
import { parcelRowFixture } from '../helpers/parcelRowFixture';
import { rowToParcel } from '../../server/store/contract/parcels/rowToParcel';
import { encodeSurveyGeometry } from '../../server/store/contract/parcels/surveyGeometryCodec';
import { encodeThemes, THEME_FIELDS, THEME_VOCABULARY } from '../../server/store/contract/parcels/themeCodec';

/** A parcel's outline with a hole, as WGS84 rings (open: the codec stores no closing point). */
const RINGS: [number, number][][] = [
  [
    [8.5171234, 47.1661234],
    [8.5189871, 47.1662345],
    [8.5187456, 47.1679876],
    [8.5170123, 47.1678765],
  ],
  [
    [8.5175, 47.1667],
    [8.5179, 47.1667],
    [8.5177, 47.1671],
  ],
];

/** A second part across the road from the first. */
const SECOND_PART: [number, number][][] = [
  [
    [8.5195, 47.1661],
    [8.5201, 47.1661],
    [8.5201, 47.1666],
    [8.5195, 47.1666],
  ],
];

const toMercator = (rings: [number, number][][]) =>
  rings.map((ring): Ring => ring.map(([lon, lat]) => lonLatToMercator(lon, lat)));
const toLv95 = (rings: [number, number][][]) =>
  rings.map((ring): Ring => ring.map(([lon, lat]) => lonLatToLv95(lon, lat)));
const tileForm = (rings: [number, number][][]) => encodeGeometry(toMercator(rings));
const surveyForm = (rings: [number, number][][]) => encodeSurveyGeometry([toLv95(rings)]);

/** Every theme field at its value number `pick(i)` of the vocabulary. */
const themes = (pick: (i: number) => number) =>
  encodeThemes(
    Object.fromEntries(
      THEME_FIELDS.map((field, i) => {
        const values = THEME_VOCABULARY[field];
        return [field, values[pick(i) % values.length]];
      }),
    ),
    [{ FIX_NAM: 'LFP3 1', FIX_DTP: 3, FIX_COO_X: 2_681_000.1, FIX_COO_Y: 1_224_000.2 }],
  );

const row = (changes: Partial<ParcelRow> = {}): ParcelRow =>
  parcelRowFixture({ geom: tileForm(RINGS), themes: themes((i) => i) }, changes);

const CASES: [string, ParcelRow][] = [
  ['a synthetic parcel (tile form) with an address, zones, reserve and utilisation', row()],
  [
    'an imported parcel (survey form) with a street but no house number, every list filled',
    row({
      geom_lv95: surveyForm(RINGS),
      origin: 'official',
      house_no: null,
      alpha_sec: 'ES II',
      alpha_ter: 'Gewässerraum',
      bravo_pri: 'Baulinie',
      themes: themes((i) => i * 3 + 1),
    }),
  ],
  [
    'text JSON must escape, no address, no reserve or utilisation, no GRN_TRM',
    row({
      street: null,
      locname: 'Saint-Légier "La Chiésaz" \\ \u2028',
      prc_no: '12\n34',
      utilisation: null,
      reserve: null,
      grn_trm: null as unknown as string,
    }),
  ],
  [
    'an empty street (no address) and a theme code outside the vocabulary (left out)',
    row({ street: '', themes: themes(() => 0).replace(/^\["0/, '["~') }),
  ],
  ['an outline without rings', row({ geom: encodeGeometry([]) })],
  [
    'a parcel of two parts (tile form): a MultiPolygon',
    row({ geom: encodeParts([RINGS, SECOND_PART].map(toMercator)) }),
  ],
  [
    'an imported parcel of two parts (survey form): a MultiPolygon',
    row({ geom_lv95: encodeSurveyGeometry([RINGS, SECOND_PART].map(toLv95)), origin: 'official' }),
  ],
];

describe('parcelFeatureJson', () => {
  it.each(CASES)('writes %s as JSON.stringify writes the feature', (_name, parcelRow) => {
    const parcel = rowToParcel(parcelRow);
    for (const [crs, ogc] of [
      ['wgs84', CRS84],
      ['lv95', LV95],
    ] as const) {
      const text = parcelFeatureJson(parcelFeatureRow(parcelRow), crs);
      expect(text).toBe(JSON.stringify(parcelFeature(parcel, ogc)));
    }
  });

  it('covers the optional attributes both ways', () => {
    const keys = CASES.map(([, parcelRow]) =>
      Object.keys(JSON.parse(parcelFeatureJson(parcelFeatureRow(parcelRow), 'wgs84')).properties),
    );
    for (const key of ['STREET_ADDRESS', 'POT_UTI', 'POT_RES', 'OVL_COL']) {
      expect(keys.some((k) => k.includes(key))).toBe(true);
      expect(keys.some((k) => !k.includes(key))).toBe(true);
    }
  });

  it('writes a page of features comma-separated as UTF-8, growing past its first buffer', () => {
    // 300 parcels of 1–2 KB each, names in 2-, 3- and 4-byte UTF-8 (ü, €, 𝄞), outgrow the first 64 KB.
    const rows = Array.from({ length: 300 }, (_, i) =>
      parcelFeatureRow(
        row({
          id: i + 1,
          prc_id: `CH${String(i).padStart(12, '0')}`,
          locname: `Zürich € 𝄞 ${'ä'.repeat(i)}`,
          geom_lv95: i % 2 ? surveyForm(RINGS) : null,
        }),
      ),
    );
    for (const crs of ['wgs84', 'lv95'] as const) {
      const page = parcelFeaturesText(rows, crs);
      expect(page.prcIds).toEqual(rows.map((r) => r[1]));
      expect(page.json.bytes.length).toBeGreaterThan(128 * 1024);
      expect(page.json.bytes.toString('utf8')).toBe(rows.map((r) => parcelFeatureJson(r, crs)).join(','));
    }
    expect(parcelFeaturesText([], 'wgs84').json.bytes.toString('utf8')).toBe('');
  });
});

describe('packedFeaturesText', () => {
  /** A database with the columns a feature is read from, holding what SQLite can hold in them. */
  function database(rows: ParcelRow[]) {
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE cantons (code TEXT PRIMARY KEY, name TEXT);
      CREATE TABLE municipalities (bfs INTEGER PRIMARY KEY, name TEXT);
      CREATE TABLE parcels (id INTEGER PRIMARY KEY, prc_id TEXT, prc_no TEXT, canton TEXT, mun_bfs INTEGER,
        street TEXT, house_no TEXT, zip TEXT, sur INTEGER, typ TEXT, ind TEXT, alpha_pri TEXT, alpha_sec TEXT,
        alpha_ter TEXT, bravo_pri TEXT, grn_trm TEXT, grn_rad INTEGER, obj_count INTEGER, lv95_x REAL,
        lv95_y REAL, geom BLOB, themes TEXT, origin TEXT, geom_lv95 BLOB, utilisation REAL, reserve INTEGER)`);
    const insert = db.prepare(`INSERT INTO parcels VALUES (@id, @prc_id, @prc_no, @canton, @mun_bfs, @street,
      @house_no, @zip, @sur, @typ, @ind, @alpha_pri, @alpha_sec, @alpha_ter, @bravo_pri, @grn_trm, @grn_rad,
      @obj_count, @lv95_x, @lv95_y, @geom, @themes, @origin, @geom_lv95, @utilisation, @reserve)`);
    for (const parcel of rows) {
      db.prepare('INSERT OR IGNORE INTO cantons VALUES (?, ?)').run(parcel.canton, parcel.canton_name);
      db.prepare('INSERT OR IGNORE INTO municipalities VALUES (?, ?)').run(parcel.mun_bfs, parcel.locname);
      const {
        canton_name: _c,
        canton_names: _n,
        locname: _l,
        lon: _x,
        lat: _y,
        pro_bun: _p,
        freeway: _f,
        putra: _t,
        ...columns
      } = parcel;
      insert.run(columns);
    }
    return db;
  }

  // The values SQLite gives in other forms than the rows' values: reals of 16–17 digits, whole reals,
  // tiny and huge reals, -0, whole numbers beyond 2^53, text in number columns, numbers in text columns, a
  // blob in a text column, control characters, text in several scripts, and every case above.
  const ODD: ParcelRow[] = [
    ...CASES.map(([, parcelRow]) => parcelRow),
    row({ utilisation: 1 / 3, lv95_x: 2_681_234.123456789, lv95_y: 1.0 }),
    row({ utilisation: 1e-7, reserve: 2 ** 60, sur: -0, lv95_x: 1e20, lv95_y: 0.1 + 0.2 }),
    row({ utilisation: -0, lv95_x: 123_456_789_012_345.6, lv95_y: 0.000001 }),
    row({ sur: 'about 800' as unknown as number, zip: 6300 as unknown as string, grn_rad: 2.5 }),
    row({ street: 'Chemin\tdes "Vignes"', house_no: '', locname: 'Zürich 中文 𝄞', prc_no: '\u0001' }),
    row({ street: Buffer.from('blob') as unknown as string, house_no: '7' }),
    row({ street: 'Bahnhofstrasse', house_no: 'a\nb', alpha_pri: '' }),
    row({ street: 'Rue "du" \\ Lac', house_no: '1"a', prc_no: '\\', grn_rad: -5, utilisation: Infinity }),
    row({ street: 'Seeweg', house_no: '\\', reserve: -1e15 + 1, lv95_y: -123.5 }),
  ].map((parcelRow, i) => ({
    ...parcelRow,
    id: i + 1,
    // One EGRID that JSON must escape: the page's counted ids are its text.
    prc_id: `CH${String(i).padStart(12, '0')}${i === 1 ? '"\\' : ''}`,
  }));

  it('writes a page read as one blob byte for byte as the same rows read as values', () => {
    const db = database(ODD);
    const from = `FROM json_each(?) j JOIN parcels p ON p.id = j.value
      JOIN municipalities m ON m.bfs = p.mun_bfs JOIN cantons c ON c.code = p.canton`;
    const byId = `FROM parcels p JOIN municipalities m ON m.bfs = p.mun_bfs JOIN cantons c ON c.code = p.canton
      WHERE p.id = ?`;
    const ids = JSON.stringify([...ODD.map((parcelRow) => parcelRow.id)].reverse());
    const rows = db.prepare(`SELECT ${PARCEL_FEATURE_COLUMNS} ${from} ORDER BY j.key`).raw(true).all(ids);
    const packed = db
      .prepare(`SELECT ${packedFeaturesSql('j.key')} ${from}`)
      .pluck()
      .get(ids) as Buffer;
    expect(rows).toHaveLength(ODD.length);
    for (const crs of ['wgs84', 'lv95'] as const) {
      const fromRows = parcelFeaturesText(rows as ParcelFeatureRow[], crs);
      const reread: number[] = [];
      const fromBlob = packedFeaturesText(packed, crs, (id) => {
        reread.push(id);
        return db.prepare(`SELECT ${PARCEL_FEATURE_COLUMNS} ${byId}`).raw(true).get(id) as ParcelFeatureRow;
      });
      // JSON holds no blob: the parcel with one in a text column is read again as a row.
      expect(reread).toEqual([ODD.findIndex((parcelRow) => Buffer.isBuffer(parcelRow.street)) + 1]);
      expect(fromBlob.prcIds).toEqual(fromRows.prcIds);
      expect(fromBlob.json.bytes.toString('utf8')).toBe(fromRows.json.bytes.toString('utf8'));
    }
    const none = packedFeaturesText(null, 'wgs84', () => undefined);
    expect(none).toEqual({
      prcIds: [],
      json: { bytes: Buffer.alloc(0), room: PAGE_ROOM, release: expect.any(Function) },
    });
    none.json.release?.();
  });

  it('fails loudly on a blob that is not a packed page', () => {
    expect(() => packedFeaturesText(Buffer.from('t3x abc'), 'wgs84', () => undefined)).toThrow(
      'A packed parcel is malformed',
    );
  });
});
