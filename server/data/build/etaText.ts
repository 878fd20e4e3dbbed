/**
 * ", about 3 min left": this run's time per municipality so far times the municipalities still to build
 * (municipalities resumed from an earlier run do not count: they took no time in this one).
 */
export function etaText(elapsedSeconds: number, doneThisRun: number, remaining: number): string {
  if (doneThisRun <= 0 || remaining <= 0) return '';
  const seconds = Math.round((elapsedSeconds / doneThisRun) * remaining);
  return seconds < 90 ? `, about ${seconds} s left` : `, about ${Math.round(seconds / 60)} min left`;
}
