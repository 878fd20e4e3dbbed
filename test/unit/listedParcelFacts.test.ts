import type { Parcel } from '../../src/contract/Parcel';
import { changedFactTopics, listedParcelFacts } from '../../server/services/lists/listedParcelFacts';

const parcel = (extra: Partial<Parcel> = {}): Parcel => ({
  PRC_ID: 'CH170200000011',
  PRC_NO: '17',
  PRC_SUR: 900,
  PRC_TYP: 'Eigentum',
  PRC_IND: 'Standard',
  PRC_COO_X: 2_677_700,
  PRC_COO_Y: 1_226_500,
  PRC_COU: 'CH',
  PRC_ZIP: '6330',
  PRC_MUN: 1702,
  CANTON: 'ZG',
  STATE: 'Zug',
  LOCNAME: 'Cham',
  centroid: { type: 'Point', coordinates: [8.46, 47.18] },
  ALPHA_PRIS: ['W2', 'WG3'],
  HAZ_WAT: 'low',
  POT_UTI: 0.6,
  POT_RES: 340,
  OBJ_COUNT: 1,
  ...extra,
});

describe('the watched facts of a listed parcel', () => {
  it('names no topic when only unwatched fields or the order of zone codes differ', () => {
    const before = listedParcelFacts(parcel());
    expect(
      changedFactTopics(before, listedParcelFacts(parcel({ PRC_ZIP: '6331', ALPHA_PRIS: ['WG3', 'W2'] }))),
    ).toEqual([]);
  });

  it('names each topic that changed, in a fixed order', () => {
    const before = listedParcelFacts(parcel());
    const after = listedParcelFacts(
      parcel({ PRC_SUR: 950, POT_RES: 370, HAZ_WAT: 'medium', PRO_BUN: 'ISOS A' }),
    );
    expect(changedFactTopics(before, after)).toEqual(['area', 'reserve', 'hazards', 'heritage']);
  });

  it('says when the parcel is no longer in the data, and names every topic when it comes back', () => {
    const before = listedParcelFacts(parcel());
    expect(changedFactTopics(before, listedParcelFacts(null))).toEqual(['gone']);
    expect(changedFactTopics(listedParcelFacts(null), before)).toHaveLength(9);
  });
});
