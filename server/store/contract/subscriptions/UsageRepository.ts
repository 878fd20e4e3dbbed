import type { QuotaKind } from '../../../../src/contract/Subscription';

export interface UsageRepository {
  /**
   * Adds one use if the count is still below the limit; false when the limit is reached. A single
   * conditional UPDATE, so the count can never pass the limit however requests interleave.
   */
  tryIncrement(userId: string, periodStart: string, kind: QuotaKind, limit: number): Promise<boolean>;
  /** The counts of one period (0 for kinds not used yet). */
  read(userId: string, periodStart: string): Promise<Record<QuotaKind, number>>;
  /**
   * Records that the request with this key was counted in the period; false when it was already (then it
   * is free). A single INSERT OR IGNORE on the primary key, so two concurrent equal requests count once.
   */
  recordDistinct(userId: string, periodStart: string, kind: QuotaKind, key: string): Promise<boolean>;
  /** Takes a record back (its count was refused: the limit is reached), in the same transaction. */
  forgetDistinct(userId: string, periodStart: string, kind: QuotaKind, key: string): Promise<void>;
  /** `recordDistinct` for many keys at once: the keys not counted before in the period. */
  recordDistinctMany(userId: string, periodStart: string, kind: QuotaKind, keys: string[]): Promise<string[]>;
  /** `forgetDistinct` for many keys at once. */
  forgetDistinctMany(userId: string, periodStart: string, kind: QuotaKind, keys: string[]): Promise<void>;
  /**
   * Adds `uses` if the count stays within the limit; false (nothing added) when it would pass it. One
   * conditional UPDATE, like `tryIncrement`.
   */
  tryIncrementBy(
    userId: string,
    periodStart: string,
    kind: QuotaKind,
    uses: number,
    limit: number,
  ): Promise<boolean>;
}
