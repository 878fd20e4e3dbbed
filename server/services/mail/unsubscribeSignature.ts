import crypto from 'node:crypto';

/**
 * What an unsubscribe signature is for. Each is signed with its own purpose, so a saved search's link never
 * verifies for a list and neither verifies for anything else (another link, a session).
 */
type UnsubscribePurpose = 'saved-search-alert-unsubscribe' | 'list-alert-unsubscribe';

const sign = (secret: string, purpose: UnsubscribePurpose, subjectId: string, userId: string) =>
  crypto.createHmac('sha256', secret).update(`${purpose}\n${subjectId}\n${userId}`).digest('base64url');

/** Whether `sig` is the signature of this purpose, subject and user (compared in constant time). */
function isSignature(
  secret: string,
  purpose: UnsubscribePurpose,
  subjectId: string,
  userId: string,
  sig: string,
): boolean {
  const expected = Buffer.from(sign(secret, purpose, subjectId, userId));
  const given = Buffer.from(sig);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

const base = (publicUrl: string) => publicUrl.replace(/\/$/, '');

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
    sig: sign(secret, 'saved-search-alert-unsubscribe', searchId, ownerId),
  });
  return `${base(publicUrl)}/v1/secure/saved-searches/unsubscribe?${params.toString()}`;
}

/** Whether the signature is the one of this search and owner. */
export const isUnsubscribeSignature = (secret: string, searchId: string, ownerId: string, sig: string) =>
  isSignature(secret, 'saved-search-alert-unsubscribe', searchId, ownerId, sig);

/**
 * The one-click unsubscribe link of a list alert mail: signed for one list and one recipient; it mutes that
 * list's alerts for that person and does nothing else (no expiry, as above).
 */
export function listUnsubscribeLink(
  publicUrl: string,
  secret: string,
  listId: string,
  userId: string,
): string {
  const params = new URLSearchParams({
    list: listId,
    user: userId,
    sig: sign(secret, 'list-alert-unsubscribe', listId, userId),
  });
  return `${base(publicUrl)}/v1/secure/lists/alerts/unsubscribe?${params.toString()}`;
}

/** Whether the signature is the one of this list and recipient. */
export const isListUnsubscribeSignature = (secret: string, listId: string, userId: string, sig: string) =>
  isSignature(secret, 'list-alert-unsubscribe', listId, userId, sig);
