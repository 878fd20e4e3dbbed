/** Stripe's test card that is always declined. */
const DECLINED_CARD = '4000000000000002';

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Why the test checkout refuses this card number, or null when it is accepted (like Stripe's test mode). */
export function checkTestCard(cardNumber: string): string | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return 'Your card number is invalid.';
  if (digits === DECLINED_CARD) return 'Your card was declined.';
  return null;
}
