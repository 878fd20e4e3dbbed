/** The plan's English cost text, e.g. "CHF 59.90 / month" (the browser formats its own, translated). */
export function formatPlanCost(currency: string, amount: number): string {
  return `${currency} ${amount.toFixed(2)} / month`;
}
