import type { ParcelRow } from '../../server/store/contract/parcels/ParcelRow';

/**
 * A stored parcel row of Baarerstrasse 12a in Zug with zones, reserve and utilisation, for tests of what the
 * API and the OGC pages make of a row; `shape` gives its outline and themes, `changes` anything else.
 */
export function parcelRowFixture(
  shape: Pick<ParcelRow, 'geom' | 'themes'>,
  changes: Partial<ParcelRow> = {},
): ParcelRow {
  return {
    id: 7,
    prc_id: 'CH123456789012',
    prc_no: '1234',
    canton: 'ZG',
    mun_bfs: 1711,
    street: 'Baarerstrasse',
    house_no: '12a',
    zip: '6300',
    sur: 812,
    typ: 'Eigentum',
    ind: 'Liegenschaft',
    alpha_pri: 'W2 Wohnzone 2',
    alpha_sec: null,
    alpha_ter: null,
    bravo_pri: null,
    grn_trm: 'Zug',
    grn_rad: 3,
    pro_bun: 0,
    obj_count: 2,
    freeway: 0,
    putra: 0,
    utilisation: 0.4375,
    reserve: 120,
    lv95_x: 2_681_234.5,
    lv95_y: 1_224_567.8,
    lon: 8.518,
    lat: 47.167,
    geom_lv95: null,
    origin: 'synthetic',
    locname: 'Zug',
    canton_name: 'Zug',
    canton_names: '{"de":"Zug","fr":"Zoug","it":"Zugo","en":"Zug"}',
    ...shape,
    ...changes,
  };
}
