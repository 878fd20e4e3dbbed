/** Rounds an amount to `decimals` places (2 by default, spec §9), half away from zero. */
export function roundMoney(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  // The epsilon keeps 1.005 from becoming 1.00 through its binary representation.
  return (Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON * factor)) / factor;
}
