/**
 * What the user asked for, as the search slice keeps it: the filters of spec §3 with the range
 * defaults and the radon range NOT applied (those are wire details, see searchParamsFromCriteria).
 * Keys are the spec's filter names so the query string reads like the API call.
 */
export interface SearchCriteria {
  searchQuery?: string;
  CANTON?: string;
  LOCNAME?: string[];
  STREET?: string[];
  GRN_TRM?: string[];
  ALPHA_PRI?: string;
  ALPHA_SEC?: string;
  PRC_NO?: string;
  PRC_ID?: string;
  PRC_SUR_from?: number;
  PRC_SUR_to?: number;
  OBJECT_OPTIONS?: 'With' | 'Without';
  /** The radon checkbox; sent as GRN_RAD_from=0&GRN_RAD_to=9 when on (spec §5). */
  GRN_RAD?: boolean;
  PRO_BUN?: boolean;
  /** 'Standard' when the "include roads" checkbox is off. */
  PRC_IND?: 'Standard';
  PRC_TYP?: 'Eigentum' | 'Baurecht';
  FREEWAY_from?: number;
  FREEWAY_to?: number;
  PUTRA_from?: number;
  PUTRA_to?: number;
}

/** The page (1-based) and page size that travel with every search. */
export interface SearchPaging {
  page: number;
  size: number;
}
