import { formatDate, formatDateTime, formatLongDateTime } from '../../src/lib/format/dates';
import { formatMoney, formatNumber, roundMoney, shortAmount } from '../../src/lib/format/numbers';

describe('money and number formatting (spec §9)', () => {
  it('shows numbers with 2 decimals in en-US style', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber(0)).toBe('0.00');
    expect(formatNumber(-9876543.219)).toBe('-9,876,543.22');
    expect(formatNumber(3.14159, 3)).toBe('3.142');
  });

  it('shows money with 2 decimals, optionally after its currency', () => {
    expect(formatMoney(59.9)).toBe('59.90');
    expect(formatMoney(119.9, 'CHF')).toBe('CHF 119.90');
    expect(formatMoney(1000000)).toBe('1,000,000.00');
  });

  it('rounds money to 2 decimals by default, halves away from zero', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(29.9)).toBe(29.9);
    expect(roundMoney(1.23456, 3)).toBe(1.235);
  });

  it('shortens amounts with K, M, B, T and G', () => {
    expect(shortAmount(999)).toBe('999');
    expect(shortAmount(1500)).toBe('1.5K');
    expect(shortAmount(1234)).toBe('1.23K');
    expect(shortAmount(2_000_000)).toBe('2M');
    expect(shortAmount(3_450_000_000)).toBe('3.45B');
    expect(shortAmount(7e12)).toBe('7T');
    expect(shortAmount(1.2e15)).toBe('1.2G');
    expect(shortAmount(-2500)).toBe('-2.5K');
    expect(shortAmount(12.345)).toBe('12.35');
  });
});

describe('date formatting (spec §9)', () => {
  const date = new Date(2027, 2, 5, 14, 7);

  it('formats dates as DD/MM/YYYY', () => {
    expect(formatDate(date)).toBe('05/03/2027');
    expect(formatDate('2026-12-31')).toBe('31/12/2026');
  });

  it('formats date-times as DD/MM/YYYY HH:mm', () => {
    expect(formatDateTime(date)).toBe('05/03/2027 14:07');
    expect(formatDateTime(date.getTime())).toBe('05/03/2027 14:07');
  });

  it('gives an empty text for a missing or invalid date', () => {
    for (const missing of [null, undefined, 'not a date']) {
      expect(formatDate(missing)).toBe('');
      expect(formatDateTime(missing)).toBe('');
      expect(formatLongDateTime(missing, 'en')).toBe('');
    }
  });

  it('writes long date-times in the interface language', () => {
    expect(formatLongDateTime(date, 'en')).toBe('March 5, 2027 2:07 PM');
    expect(formatLongDateTime(date, 'de')).toBe('5. März 2027 14:07');
    expect(formatLongDateTime(date, 'fr')).toBe('5 mars 2027 14:07');
    expect(formatLongDateTime(date, 'it')).toBe('5 marzo 2027 14:07');
  });
});
