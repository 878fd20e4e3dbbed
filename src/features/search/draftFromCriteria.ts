import { EMPTY_ADVANCED_DRAFT, type AdvancedSearchDraft } from './AdvancedSearchDraft';
import type { SearchCriteria } from './SearchCriteria';

function text(value: number | undefined): string {
  return value === undefined ? '' : String(value);
}

/** The dialog's fields for the search on screen, so opening the dialog shows what is applied. */
export function draftFromCriteria(criteria: SearchCriteria): AdvancedSearchDraft {
  return {
    ...EMPTY_ADVANCED_DRAFT,
    CANTON: criteria.CANTON,
    LOCNAME: criteria.LOCNAME ?? [],
    STREET: criteria.STREET ?? [],
    GRN_TRM: criteria.GRN_TRM ?? [],
    ALPHA_PRI: criteria.ALPHA_PRI,
    ALPHA_SEC: criteria.ALPHA_SEC,
    PRC_NO: criteria.PRC_NO ?? '',
    PRC_ID: criteria.PRC_ID ?? '',
    PRC_SUR_from: text(criteria.PRC_SUR_from),
    PRC_SUR_to: text(criteria.PRC_SUR_to),
    OBJECT_OPTIONS: criteria.OBJECT_OPTIONS ?? '',
    GRN_RAD: Boolean(criteria.GRN_RAD),
    PRO_BUN: Boolean(criteria.PRO_BUN),
    // An advanced search without PRC_IND included roads; with no advanced filter the default (off) stays.
    includeRoads:
      criteria.PRC_IND !== 'Standard' && Object.keys(criteria).some((key) => key !== 'searchQuery'),
    PRC_TYP: criteria.PRC_TYP,
    FREEWAY_from: criteria.FREEWAY_from,
    FREEWAY_to: criteria.FREEWAY_to,
    PUTRA_from: criteria.PUTRA_from,
    PUTRA_to: criteria.PUTRA_to,
  };
}
