/** What a built dataset holds, measured for the realism report (`npm run dataset:stats`). */
export interface DatasetStatistics {
  parcels: number;
  buildings: number;
  /** Sum of parcel areas, m². */
  landArea: number;
  /** Parcel area per federal main-use code (bravo_pri), m². */
  areaByMainUse: Record<string, number>;
  /** Median parcel area per federal main-use code, m². */
  medianByMainUse: Record<string, number>;
  /** Buildings per construction period label (OBJ_POB). */
  buildingsByPeriod: Record<string, number>;
  /** Canton codes the dataset covers. */
  cantons: string[];
  /** Each covered canton's parcels and parcel area per federal main-use code (m²). */
  byCanton: Record<string, { parcels: number; areaByMainUse: Record<string, number> }>;
}
