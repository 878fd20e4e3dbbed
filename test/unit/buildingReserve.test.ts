import {
  estimateBuildingReserve,
  UTILISATION_BY_CANTON,
  utilisationOf,
} from '../../src/contract/BuildingReserve';
import { LOCAL_ZONE_CODES, zoneMainUse } from '../../src/contract/ParcelVocabulary';

const parcel = { area: 1000, existingFloorArea: 0, mainUse: null };

describe('the building-reserve rule', () => {
  it.each([
    ['ZG', 'W2', 0.45],
    ['ZG', 'WG3', 0.75],
    ['ZG', 'K', 1.4],
    ['LU', 'W3', 0.7],
    ['LU', 'A', 1.1],
    ['GE', 'Zone 5', 0.4],
    ['GE', 'Zone 3', 1.6],
    ['GE', 'ZC', 2.0],
    ['TI', 'R3', 0.6],
    ['TI', 'NV', 1.5],
  ])('gives %s zone %s the canton table figure %s', (canton, zone, figure) => {
    expect(utilisationOf(canton, zone, String(zoneMainUse(zone)))).toEqual({
      utilisation: figure,
      basis: 'cantonZone',
    });
  });

  it('has a figure for every building-zone code of each default canton that allows buildings', () => {
    const region = { ZG: 'de', LU: 'de', GE: 'fr', TI: 'it' } as const;
    for (const [canton, language] of Object.entries(region)) {
      for (const use of [11, 12, 13, 14, 15, 17] as const) {
        for (const code of LOCAL_ZONE_CODES[language][use])
          expect([canton, code, UTILISATION_BY_CANTON[canton][code] > 0]).toEqual([canton, code, true]);
      }
    }
  });

  it('counts storeys elsewhere (W3 in Bern: 0.25 a storey + 0.1) and falls back to the main use', () => {
    expect(utilisationOf('BE', 'W3', '11')).toEqual({ utilisation: 0.85, basis: 'storeys' });
    expect(utilisationOf('BE', 'A', '12')).toEqual({ utilisation: 1.0, basis: 'mainUse' });
  });

  it('subtracts the floor area already built, never below zero', () => {
    const zone = { canton: 'ZG', zone: 'W2', mainUse: '11' };
    expect(estimateBuildingReserve({ ...zone, area: 1000, existingFloorArea: 120 })).toEqual({
      utilisation: 0.45,
      buildableFloorArea: 450,
      reserve: 330,
      basis: 'cantonZone',
    });
    expect(estimateBuildingReserve({ ...zone, area: 1000, existingFloorArea: 900 }).reserve).toBe(0);
  });

  it('has no reserve outside building zones or on roads, and none to build in green zones', () => {
    expect(estimateBuildingReserve({ ...parcel, canton: 'ZG', zone: 'LW', mainUse: '21' })).toMatchObject({
      utilisation: null,
      reserve: null,
    });
    expect(
      estimateBuildingReserve({ ...parcel, canton: 'GE', zone: 'Zone 4', mainUse: '11', road: true }).reserve,
    ).toBeNull();
    expect(estimateBuildingReserve({ ...parcel, canton: 'TI', zone: 'ZVe', mainUse: '16' })).toMatchObject({
      utilisation: 0,
      reserve: 0,
    });
  });
});
