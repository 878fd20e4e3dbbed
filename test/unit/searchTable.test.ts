import { criteriaKeysOf, SEARCH_PARAMETERS, type SearchCriteria } from '../../src/contract/SearchParameters';
import {
  criteriaFromDraft,
  draftFromCriteria,
  EMPTY_ADVANCED_DRAFT,
  HIDDEN_DRAFT_KEYS,
} from '../../src/features/search/advancedDraft';
import { filterChipsFor, withoutFilter } from '../../src/features/search/FilterChips';
import { searchFromQueryString } from '../../src/features/search/searchUrlSync';

const translate = (id: string, values?: Record<string, string | number>) =>
  values ? `<${id} ${JSON.stringify(values)}>` : `<${id}>`;

/** One value for every filter of the table, by row kind. */
const EVERY_FILTER: SearchCriteria = {
  searchQuery: 'Baarerstrasse',
  CANTON: 'ZG',
  LOCNAME: ['Zug', 'Baar'],
  STREET: ['Baarerstrasse'],
  GRN_TRM: ['EWS-AUF', 'allowed'],
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
  POT_RES_from: 400,
  POT_UTI_from: 0.5,
  POT_UTI_to: 1.2,
  FREEWAY_from: 1,
  FREEWAY_to: 2,
  PUTRA_from: 3,
  PUTRA_to: 7,
};

describe('the search-parameter table drives the chips (spec §2)', () => {
  it('gives every row with a chip label a chip, and none to the roads scope', () => {
    const chips = filterChipsFor(EVERY_FILTER, translate);
    const labelled = SEARCH_PARAMETERS.filter((row) => row.chipLabelId !== null);
    expect(chips.map((chip) => chip.labelId)).toEqual(labelled.map((row) => row.chipLabelId));
    expect(chips.map((chip) => chip.keys)).toEqual(labelled.map((row) => criteriaKeysOf(row)));
    expect(chips.find((chip) => chip.id === 'PRC_IND')).toBeUndefined();
  });

  it('shows lists joined, ranges with their unit, choices and flags by their labels', () => {
    const value = (id: string) =>
      filterChipsFor(EVERY_FILTER, translate).find((chip) => chip.id === id)?.value;
    expect(value('LOCNAME')).toBe('Zug, Baar');
    // Codes through the parcel vocabulary; an unknown code as it is.
    expect(value('GRN_TRM')).toBe('<vocab.thermal.EWS-AUF>, allowed');
    expect(value('ALPHA_PRI')).toBe('<vocab.localZone {"use":"<vocab.mainUse.11>","code":"W2"}>');
    expect(value('ALPHA_SEC')).toBe('WG3');
    expect(value('PRC_SUR_from')).toBe('500 – 1200 m²');
    expect(value('PUTRA_from')).toBe('3 – 7');
    expect(value('PRC_TYP')).toBe('<search.propertyType.leasehold>');
    expect(value('OBJECT_OPTIONS')).toBe('<search.objects.with>');
    expect(value('GRN_RAD')).toBe('<search.chip.on>');
    expect(filterChipsFor({ PRC_SUR_to: 90 }, translate)[0].value).toBe('≤ 90 m²');
  });

  it("removing a chip drops all of its row's keys", () => {
    expect(
      withoutFilter({ PRC_SUR_from: 1, PRC_SUR_to: 2, CANTON: 'ZG' }, ['PRC_SUR_from', 'PRC_SUR_to']),
    ).toEqual({
      CANTON: 'ZG',
    });
  });
});

describe('the search-parameter table drives the advanced dialog draft', () => {
  it('round-trips every advanced filter through the draft, the text from the quick search', () => {
    const draft = draftFromCriteria(EVERY_FILTER);
    expect(criteriaFromDraft(draft)).toEqual(EVERY_FILTER);
  });

  it('maps "include roads" to the absence of PRC_IND', () => {
    expect(draftFromCriteria({ CANTON: 'ZG' }).includeRoads).toBe(true);
    expect(draftFromCriteria({ CANTON: 'ZG', PRC_IND: 'Standard' }).includeRoads).toBe(false);
    expect(criteriaFromDraft(EMPTY_ADVANCED_DRAFT)).toEqual({ PRC_IND: 'Standard' });
    expect(criteriaFromDraft({ ...EMPTY_ADVANCED_DRAFT, includeRoads: true })).toEqual({});
  });

  it('keeps the rows hidden in the dialog (freeway, PUTRA) from a shared link', () => {
    expect(HIDDEN_DRAFT_KEYS).toEqual(['FREEWAY_from', 'FREEWAY_to', 'PUTRA_from', 'PUTRA_to']);
    const draft = draftFromCriteria({ FREEWAY_to: 40 });
    expect(criteriaFromDraft(draft)).toMatchObject({ FREEWAY_to: 40 });
  });

  it('holds ranges as text so a wrong entry can be shown, and drops what is not a number', () => {
    expect(draftFromCriteria({ PRC_SUR_from: 500 }).PRC_SUR_from).toBe('500');
    const draft = { ...EMPTY_ADVANCED_DRAFT, PRC_SUR_from: 'abc', PRC_SUR_to: ' 900 ' };
    expect(criteriaFromDraft(draft)).toEqual({ PRC_SUR_to: 900, PRC_IND: 'Standard' });
  });
});

describe('the lenient URL reader follows the table', () => {
  it('reads radon sent as GRN_RAD_from/_to back as the flag, and PRO_BUN=true as a flag', () => {
    expect(searchFromQueryString('GRN_RAD_from=0&GRN_RAD_to=9&PRO_BUN=true').criteria).toEqual({
      GRN_RAD: true,
      PRO_BUN: true,
    });
  });

  it('drops unknown keys, unknown choices, bad numbers and negative bounds', () => {
    expect(
      searchFromQueryString('FOO=1&PRC_IND=Roads&PUTRA_from=-3&FREEWAY_to=x&CANTON=%20').criteria,
    ).toEqual({});
  });
});
