/**
 * rowToParcel builds the parcel the API returns; replies are compared byte for byte across adapters and
 * threads, so its keys keep the API's order whatever way the object is assembled.
 */
import { lonLatToMercator } from '../../server/geo/projection';
import { encodeGeometry } from '../../server/store/contract/parcels/geometryCodec';
import type { ParcelRow } from '../../server/store/contract/parcels/ParcelRow';
import { parcelRowFixture } from '../helpers/parcelRowFixture';
import { rowToParcel } from '../../server/store/contract/parcels/rowToParcel';
import { encodeThemes, THEME_FIELDS, THEME_VOCABULARY } from '../../server/store/contract/parcels/themeCodec';

const outline = encodeGeometry([
  [
    [8.5171, 47.1661],
    [8.5189, 47.1662],
    [8.5187, 47.1679],
  ].map(([lon, lat]) => lonLatToMercator(lon, lat)),
]);

const row = (changes: Partial<ParcelRow> = {}): ParcelRow =>
  parcelRowFixture(
    {
      geom: outline,
      themes: encodeThemes(
        Object.fromEntries(THEME_FIELDS.map((field) => [field, THEME_VOCABULARY[field][1]])),
        [],
      ),
    },
    changes,
  );

const REGISTER = ['PRC_ID', 'PRC_NO', 'PRC_SUR', 'PRC_TYP', 'PRC_IND', 'PRC_COO_X', 'PRC_COO_Y', 'PRC_COU'];
const PLACE = ['PRC_ZIP', 'PRC_MUN', 'CANTON', 'STATE', 'LOCNAME', 'STREET_ADDRESS', 'STREET_ADDRESSES'];
const SHAPE = ['centroid', 'geometry', 'geometryLv95', 'lang'];
const ZONES = ['ALPHA_PRIS', 'ALPHA_SECS', 'ALPHA_TERS', 'BRAVO_PRIS', 'BRAVO_SECS', 'BRAVO_TERS'];
const TAIL = ['GRN_TRM', 'GRN_RAD', 'FIXPOINTS', 'OBJ_COUNT', 'PRC_SRC'];

describe('rowToParcel', () => {
  it("gives the parcel's attributes in the API's order: register, place, shape, zones, themes, then the rest", () => {
    const keys = Object.keys(rowToParcel(row()));
    const themeKeys = keys.slice(
      REGISTER.length + PLACE.length + SHAPE.length + ZONES.length,
      -TAIL.length - 2,
    );
    expect(keys).toEqual([
      ...REGISTER,
      ...PLACE,
      ...SHAPE,
      ...ZONES,
      ...themeKeys,
      ...TAIL,
      'POT_UTI',
      'POT_RES',
    ]);
    expect(new Set(themeKeys)).toEqual(new Set(THEME_FIELDS));
  });

  it('leaves out the utilisation and reserve a parcel has none of, and the address of one without a street', () => {
    const parcel = rowToParcel(row({ utilisation: null, reserve: null, street: null }));
    expect(parcel).not.toHaveProperty('POT_UTI');
    expect(parcel).not.toHaveProperty('POT_RES');
    expect(parcel.STREET_ADDRESS).toBeUndefined();
    expect(parcel.STREET_ADDRESSES).toEqual([]);
    expect(JSON.stringify(parcel)).not.toContain('STREET_ADDRESS"');
  });

  it('gives each parcel objects of its own, so a caller changing one changes no other', () => {
    const [a, b] = [rowToParcel(row()), rowToParcel(row())];
    a.ALPHA_PRIS?.push('changed');
    expect(b.ALPHA_PRIS).toEqual(['W2 Wohnzone 2']);
    expect(a.PRC_ID).toBe('CH123456789012');
  });
});
