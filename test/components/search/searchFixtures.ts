import type {
  BuildingObject,
  Parcel,
  ParcelFullResponse,
  SearchResponse,
} from '../../../src/contract/Parcel';

export function parcelFixture(overrides: Partial<Parcel> = {}): Parcel {
  return {
    PRC_ID: 'CH123456789012',
    PRC_NO: '1234',
    PRC_SUR: 812,
    PRC_TYP: 'Eigentum',
    PRC_IND: 'Standard',
    PRC_COO_X: 2681000,
    PRC_COO_Y: 1224500,
    PRC_COU: 'CH',
    PRC_ZIP: '6300',
    PRC_MUN: 1711,
    CANTON: 'ZG',
    STATE: 'ZG',
    LOCNAME: 'Zug',
    STREET_ADDRESS: 'Baarerstrasse 12',
    centroid: { type: 'Point', coordinates: [8.5156, 47.1724] },
    ...overrides,
  };
}

export function searchResponse(
  count: number,
  total = count,
  overrides: Partial<SearchResponse> = {},
): SearchResponse {
  return {
    hits: {
      hits: Array.from({ length: count }, (_, index) => {
        const parcel = parcelFixture({
          PRC_ID: `CH00000000${String(index).padStart(4, '0')}`,
          PRC_NO: String(100 + index),
        });
        return { _id: parcel.PRC_ID, _source: parcel };
      }),
      total: { value: total, relation: 'eq' },
    },
    aggregations: {
      byLocation: {
        buckets: [
          { key: 'Zug', doc_count: total, city: { geometry: { type: 'Point', coordinates: [8.51, 47.17] } } },
        ],
      },
    },
    ...overrides,
  };
}

export function buildingFixture(overrides: Partial<BuildingObject> = {}): BuildingObject {
  return {
    OBJ_ID: '190000001',
    OBJ_TYP: 'building',
    OBJ_SUR: 142,
    OBJ_VOL: 1310,
    OBJ_FLO: 3,
    OBJ_UNI: 4,
    OBJ_JOB: 1968,
    OBJ_POB: '1961-1970',
    OBJ_PRO: 'none',
    OBJ_MUN: 'Zug',
    OBJ_ZIP: '6300',
    OBJ_STR: 'Baarerstrasse',
    OBJ_STN: '12',
    OBJ_COO: '2681000/1224500',
    OBJ_COO_X: 2681000,
    OBJ_COO_Y: 1224500,
    centroid: { type: 'Point', coordinates: [8.5156, 47.1724] },
    ...overrides,
  };
}

export function fullResponse(
  parcel: Partial<Parcel> = {},
  objects: BuildingObject[] = [buildingFixture()],
): ParcelFullResponse {
  return {
    feature: parcelFixture(parcel),
    objects,
    canton: { _id: 'ZG', code: 'ZG', urlOREB: 'https://oereb.zg.ch' },
  };
}
