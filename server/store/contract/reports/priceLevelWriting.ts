/** What the price model of a municipality is computed from (all stored with the municipality). */
export interface MunicipalityPriceInput {
  bfs: number;
  canton: string;
  parcelCount: number;
}

export interface MunicipalityPriceLevel {
  bfs: number;
  chfPerM2: number;
}

/** The dataset writer's part for price levels (see DatasetWriter). */
export interface PriceLevelWriting {
  /** Municipalities of the dataset that have no price level yet. */
  municipalitiesWithoutPriceLevel(): MunicipalityPriceInput[];
  writePriceLevels(levels: readonly MunicipalityPriceLevel[]): void;
}
