import { formatNumber } from './formatNumber';

/** An amount with 2 decimals in en-US style, optionally after its currency code: "CHF 59.90". */
export function formatMoney(amount: number, currency?: string): string {
  const number = formatNumber(amount, 2);
  return currency ? `${currency} ${number}` : number;
}
