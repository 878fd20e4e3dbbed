/** The usage key a limit caps: `max_full_view` caps `full_view` (a usage keyed like the limit also counts). */
function usageFor(limitKey: string, usage: Record<string, number>): number | undefined {
  return usage[limitKey.replace(/^max_/, '')] ?? usage[limitKey];
}

/**
 * Whether the plan dialog marks a limit LIMIT REACHED. The spec says "where a usage value exceeds its
 * limit", but the server counts atomically and never lets usage pass the limit: usage equal to the
 * limit is the state in which the next use is refused, so that is when the mark shows.
 */
export function isLimitReached(limitKey: string, limit: number, usage: Record<string, number>): boolean {
  const used = usageFor(limitKey, usage);
  return used !== undefined && used >= limit;
}
