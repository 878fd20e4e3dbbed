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
}

export interface Range {
  from: number;
  to: number;
}

export interface Paging {
  page: number;
  size: number;
}
