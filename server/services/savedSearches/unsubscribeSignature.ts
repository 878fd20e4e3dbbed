import crypto from 'node:crypto';

/** Only this use: a signature for anything else (another link, a session) never verifies here. */
const PURPOSE = 'saved-search-alert-unsubscribe';

const sign = (secret: string, searchId: string, ownerId: string) =>
  crypto.createHmac('sha256', secret).update(`${PURPOSE}\n${searchId}\n${ownerId}`).digest('base64url');

/**
 * The one-click unsubscribe link of an alert mail: signed for one saved search and its owner, so it
 * works without signing in and turns off nothing else. It needs no expiry: all it can do is stop alerts.
 */
export function unsubscribeLink(
  publicUrl: string,
  secret: string,
  searchId: string,
  ownerId: string,
): string {
  const params = new URLSearchParams({
    search: searchId,
    user: ownerId,
    sig: sign(secret, searchId, ownerId),
  });
  return `${publicUrl.replace(/\/$/, '')}/v1/secure/saved-searches/unsubscribe?${params.toString()}`;
}

/** Whether the signature is the one of this search and owner (compared in constant time). */
export function isUnsubscribeSignature(
  secret: string,
  searchId: string,
  ownerId: string,
  sig: string,
): boolean {
  const expected = Buffer.from(sign(secret, searchId, ownerId));
  const given = Buffer.from(sig);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
