/** The parcels a user has downloaded a report or export of, per quota period. */
export interface ParcelDownloadRepository {
  /** True when the user already downloaded something of this parcel in the period (so it is free). */
  has(userId: string, periodStart: string, prcId: string): Promise<boolean>;
  /** Records the parcel's first download in the period; false when it was already recorded. */
  record(userId: string, periodStart: string, prcId: string, at: string): Promise<boolean>;
}
