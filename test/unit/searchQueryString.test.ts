import {
  hasSearchInput,
  queryStringFromSearch,
  type SearchCriteria,
} from '../../src/contract/SearchParameters';
import { searchFromQueryString } from '../../src/features/search/searchUrlSync';

describe('search query string (spec §5)', () => {
  it('round-trips every filter with page and size', () => {
    const criteria: SearchCriteria = {
      searchQuery: 'Baarerstrasse',
      CANTON: 'ZG',
      LOCNAME: ['Zug', 'Baar'],
      STREET: ['Baarerstrasse'],
      GRN_TRM: ['allowed'],
      ALPHA_PRI: 'W2',
      ALPHA_SEC: 'WG3',
      PRC_NO: '1234',
      PRC_ID: 'CH123456789012',
      PRC_SUR_from: 500,
      PRC_SUR_to: 1200,
      OBJECT_OPTIONS: 'With',
      GRN_RAD: true,
      PRO_BUN: true,
      PRC_IND: 'Standard',
      PRC_TYP: 'Baurecht',
      PUTRA_from: 3,
      PUTRA_to: 7,
    };
    const query = queryStringFromSearch(criteria, { page: 3, size: 12 });
    expect(searchFromQueryString(query)).toEqual({ criteria, paging: { page: 3, size: 12 } });
  });

  it('repeats the key for list filters', () => {
    expect(queryStringFromSearch({ LOCNAME: ['Zug', 'Baar'] })).toBe('LOCNAME=Zug&LOCNAME=Baar');
  });

  it('drops empty values', () => {
    expect(queryStringFromSearch({ searchQuery: '  ', CANTON: '', LOCNAME: ['', ' '], PRO_BUN: false })).toBe(
      '',
    );
  });

  it('completes a one-sided area range with 0 and 99999999999', () => {
    expect(queryStringFromSearch({ PRC_SUR_from: 500 })).toBe('PRC_SUR_from=500&PRC_SUR_to=99999999999');
    expect(queryStringFromSearch({ PUTRA_to: 40 })).toBe('PUTRA_from=0&PUTRA_to=40');
  });

  it('reads the range defaults back as empty', () => {
    const { criteria } = searchFromQueryString(
      'PRC_SUR_from=0&PRC_SUR_to=99999999999&PUTRA_from=0&PUTRA_to=5',
    );
    expect(criteria).toEqual({ PUTRA_to: 5 });
  });

  it('sends radon as the range 0–9 when on and omits it when off', () => {
    expect(queryStringFromSearch({ GRN_RAD: true })).toBe('GRN_RAD_from=0&GRN_RAD_to=9');
    expect(queryStringFromSearch({ GRN_RAD: false })).toBe('');
  });

  it('falls back to page 1 and size 12 for missing or bad paging', () => {
    expect(searchFromQueryString('page=0&size=abc').paging).toEqual({ page: 1, size: 12 });
    expect(searchFromQueryString('').paging).toEqual({ page: 1, size: 12 });
  });

  it('ignores unknown choices and non-numeric bounds', () => {
    expect(searchFromQueryString('PRC_TYP=Other&OBJECT_OPTIONS=Some&PRC_SUR_from=abc').criteria).toEqual({});
  });

  it('counts text or any filter as search input, but not the roads scope alone', () => {
    expect(hasSearchInput({})).toBe(false);
    expect(hasSearchInput({ searchQuery: ' ' })).toBe(false);
    expect(hasSearchInput({ PRC_IND: 'Standard' })).toBe(false);
    expect(hasSearchInput({ searchQuery: 'Zug' })).toBe(true);
    expect(hasSearchInput({ GRN_RAD: true })).toBe(true);
  });
});
