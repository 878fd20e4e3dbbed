import type { AdvancedSearchDraft } from './AdvancedSearchDraft';
import type { SearchCriteria } from './SearchCriteria';

function area(value: string): number | undefined {
  const trimmed = value.trim();
  return trimmed === '' || Number.isNaN(Number(trimmed)) ? undefined : Number(trimmed);
}

/** The criteria an advanced search runs with: the dialog's fields plus the quick-search text. */
export function criteriaFromDraft(draft: AdvancedSearchDraft, searchQuery: string): SearchCriteria {
  const criteria: SearchCriteria = {
    searchQuery: searchQuery.trim() || undefined,
    CANTON: draft.CANTON,
    LOCNAME: draft.LOCNAME.length > 0 ? draft.LOCNAME : undefined,
    STREET: draft.STREET.length > 0 ? draft.STREET : undefined,
    GRN_TRM: draft.GRN_TRM.length > 0 ? draft.GRN_TRM : undefined,
    ALPHA_PRI: draft.ALPHA_PRI,
    ALPHA_SEC: draft.ALPHA_SEC,
    PRC_NO: draft.PRC_NO.trim() || undefined,
    PRC_ID: draft.PRC_ID.trim() || undefined,
    PRC_SUR_from: area(draft.PRC_SUR_from),
    PRC_SUR_to: area(draft.PRC_SUR_to),
    OBJECT_OPTIONS: draft.OBJECT_OPTIONS || undefined,
    GRN_RAD: draft.GRN_RAD || undefined,
    PRO_BUN: draft.PRO_BUN || undefined,
    PRC_IND: draft.includeRoads ? undefined : 'Standard',
    PRC_TYP: draft.PRC_TYP,
    FREEWAY_from: draft.FREEWAY_from,
    FREEWAY_to: draft.FREEWAY_to,
    PUTRA_from: draft.PUTRA_from,
    PUTRA_to: draft.PUTRA_to,
  };
  return Object.fromEntries(
    Object.entries(criteria).filter(([, value]) => value !== undefined),
  ) as SearchCriteria;
}
