const MODULUS = 10n ** 12n;
// Odd and not a multiple of 5, so multiplying by it permutes 0 … 10¹² − 1: distinct inputs, distinct ids.
const MULTIPLIER = 7_919_000_003n;
const OFFSET = 104_729_000_017n;

/** An EGRID-shaped federal parcel id ("CH" + 12 digits), unique per (municipality, parcel index). */
export function egrid(bfs: number, index: number): string {
  const value = BigInt(bfs) * 10_000_000n + BigInt(index);
  return `CH${((value * MULTIPLIER + OFFSET) % MODULUS).toString().padStart(12, '0')}`;
}
