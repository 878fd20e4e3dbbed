import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with the parameters every authenticator app understands: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
const ISSUER = 'Parcel Atlas';

/** A code of the step before or after the current one is accepted too (clock drift, typing time). */
const DRIFT_STEPS = 1;

const totpOf = (base32: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });

/** A new 160-bit secret (RFC 4226's recommended length), base32 as apps show it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` URI an app scans, and the same as a QR code (PNG data URL). */
export async function totpEnrolment(base32: string, account: string) {
  const uri = totpOf(base32, account).toString();
  // The QR encoder loads with the first enrolment, not with the server.
  const QRCode = (await import('qrcode')).default;
  return { uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/** Six digits, spaces allowed ("123 456"). */
export const normaliseTotpCode = (code: string) => code.replace(/\s+/g, '');

/**
 * The 30-second step `code` belongs to at `now` (within the drift), or null when it matches none: the
 * caller accepts each step once.
 */
export function matchingTotpStep(base32: string, code: string, now: number): number | null {
  const token = normaliseTotpCode(code);
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(base32).validate({ token, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of the step at `now` (tests and the CLI's check). */
export const totpCodeAt = (base32: string, now: number): string =>
  totpOf(base32).generate({ timestamp: now });
