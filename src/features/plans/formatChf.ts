const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A price as spec §9 shows money: 2 decimals, en-US digits, e.g. "CHF 59.90", "CHF 1,199.00". */
export function formatChf(amount: number): string {
  return `CHF ${MONEY.format(amount)}`;
}
