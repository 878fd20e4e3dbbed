/**
 * ", about 3 min left": this run's time per unit of work so far times the work still to do (work resumed
 * from an earlier run does not count: it took no time in this one). Units: estimated parcels.
 */
export function etaText(elapsedSeconds: number, doneThisRun: number, remaining: number): string {
  // The first municipalities also pay the threads' start (loading, planning): no estimate before 1 %.
  if (doneThisRun <= 0 || remaining <= 0 || doneThisRun < (doneThisRun + remaining) / 100) return '';
  const seconds = Math.round((elapsedSeconds / doneThisRun) * remaining);
  return seconds < 90 ? `, about ${seconds} s left` : `, about ${Math.round(seconds / 60)} min left`;
}
