/**
 * Search filters after validation: what the repository filters on (spec §3 search filters). Each field
 * is the `queryKey` of a row of src/contract/SearchParameters.ts; parseSearchQuery fills it from that row.
 */
export interface ParcelQuery {
  /** Free text over address, street, municipality, parcel number and EGRID. */
  text?: string;
  canton?: string;
  locnames?: string[];
  streets?: string[];
  thermals?: string[];
  alphaPri?: string;
  alphaSec?: string;
  prcNo?: string;
  prcId?: string;
  surface?: Range;
  objects?: 'With' | 'Without';
  radon?: Range;
  proBun?: boolean;
  /** PRC_IND=Standard leaves road parcels out; empty includes them. */
  excludeRoads?: boolean;
  typ?: 'Eigentum' | 'Baurecht';
  freeway?: Range;
  putra?: Range;
  /** Building reserve, m² (parcels outside building zones have none and never match). */
  reserve?: Range;
  /** Utilisation figure (floor area ÷ parcel area), e.g. 0.5–1.2. */
  utilisation?: Range;
  /** Largest first instead of the dataset's order (parcels without the value last). */
  sort?: ParcelSort;
}

/** The orders a search can ask for besides the default (SEARCH_SORTS in the contract). */
export type ParcelSort = 'reserve' | 'area';

export interface Range {
  from: number;
  to: number;
}

export interface Paging {
  page: number;
  size: number;
}
