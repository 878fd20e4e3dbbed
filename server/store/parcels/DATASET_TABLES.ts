/**
 * The plain tables a dataset fills, in write order. The contentless FTS index `parcels_fts` is not
 * among them: it can be neither copied nor emptied with DELETE once it holds rows (see clearDataset).
 */
export const DATASET_TABLES = [
  'cantons',
  'municipalities',
  'streets',
  'thermals',
  'alphas',
  'parcels',
  'parcels_rtree',
  'buildings',
  'buildings_rtree',
  'parcel_filter_columns',
] as const;
