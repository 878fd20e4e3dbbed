/** The screens the mailed links open (spec §2). */
export type AccountLinkRoute = 'register/activate' | 'reset-password' | 'invite' | 'login';

/**
 * A link into the app built from PUBLIC_URL. A caller-supplied `targetUrl` (request-reset-password's
 * `targeturl`, e.g. `https://host/reset-password/`) is honoured only on PUBLIC_URL's origin, so the
 * API cannot be used to mail links to someone else's site.
 */
export function accountLink(
  publicUrl: string,
  route: AccountLinkRoute,
  key = '',
  targetUrl?: string,
): string {
  const trusted = trustedTarget(publicUrl, targetUrl);
  if (trusted) return `${trusted.replace(/\/+$/, '')}/${encodeURIComponent(key)}`;
  return `${publicUrl.replace(/\/+$/, '')}/${route}${key ? `/${encodeURIComponent(key)}` : ''}`;
}

function trustedTarget(publicUrl: string, targetUrl: string | undefined): string | null {
  if (!targetUrl) return null;
  try {
    const target = new URL(targetUrl);
    if (target.origin !== new URL(publicUrl).origin || target.search || target.hash) return null;
    return target.href;
  } catch {
    return null;
  }
}
