import { LANGUAGE_CODES, type LanguageCode } from '../../../src/contract/Accounts';
import type { Mail } from './mailer';
import { ACCOUNT_MAIL_TEXTS, type AccountMailKind } from './accountMailTexts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe to place in HTML content and quoted attribute values. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (char) => ENTITIES[char]);
}

export interface AccountMailInput {
  kind: AccountMailKind;
  to: string;
  /** Any language tag; falls back to English when it is not one of en/de/fr/it. */
  language: string | null | undefined;
  link: string;
  name?: string;
  /** Lifetime of the link, seconds. */
  ttlSeconds?: number;
  /** Replaces `{email}` in the body (the new address in an e-mail change notice). */
  email?: string;
  /** The sender's e-mail signature (an administrator's invitation), already sanitised, and as plain text. */
  signature?: { html: string; text: string } | null;
}

export function mailLanguage(language: string | null | undefined): LanguageCode {
  const code = (language ?? '').trim().slice(0, 2).toLowerCase();
  return (LANGUAGE_CODES as readonly string[]).includes(code) ? (code as LanguageCode) : 'en';
}

const DAY_SECONDS = 86_400;
const HOUR_SECONDS = 3_600;

/**
 * A link's lifetime in words in the mail's language: two or more whole days as days ("7 days", "7 Tage"),
 * else whole hours ("1 hour", "24 Stunden"), else minutes; singular and plural by the language's rules.
 */
export function durationInWords(seconds: number, language: LanguageCode): string {
  const [value, unit] =
    seconds >= 2 * DAY_SECONDS && seconds % DAY_SECONDS === 0
      ? [seconds / DAY_SECONDS, 'day']
      : seconds >= HOUR_SECONDS
        ? [Math.round(seconds / HOUR_SECONDS), 'hour']
        : [Math.max(1, Math.round(seconds / 60)), 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * The mailed link opens the app in the mail's language (spec §1: a `lang` query parameter sets it), so an
 * invitation sent with `--language de` opens in German whatever the browser had before.
 */
export function linkInLanguage(link: string, language: LanguageCode): string {
  const url = new URL(link);
  url.searchParams.set('lang', language);
  return url.toString();
}

/** Builds a verification, reset or invitation mail in the recipient's language, as plain text and HTML. */
export function composeAccountMail(input: AccountMailInput): Mail {
  const language = mailLanguage(input.language);
  const text = ACCOUNT_MAIL_TEXTS[language][input.kind];
  const greeting = text.greeting.replace('{name}', input.name?.trim() ? ` ${input.name.trim()}` : '');
  const expiry = text.expiry.replace(
    '{duration}',
    durationInWords(input.ttlSeconds ?? HOUR_SECONDS, language),
  );
  const link = linkInLanguage(input.link, language);
  const paragraphs = [greeting, text.body.replace('{email}', input.email ?? '')];
  const after = [expiry, text.ignore].filter(Boolean);
  const signature = input.signature?.html.trim() ? input.signature : null;
  return {
    to: input.to,
    subject: text.subject,
    link,
    text: [
      ...paragraphs,
      `${text.action}: ${link}`,
      ...after,
      ...(signature ? [signature.text] : []),
      '— Parcel Atlas',
    ].join('\n\n'),
    html: [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(text.action)}</a></p>`,
      `<p style="color:#666">${escapeHtml(link)}</p>`,
      ...after.map((p) => `<p>${escapeHtml(p)}</p>`),
      ...(signature ? [`<div class="signature">${signature.html}</div>`] : []),
      '<p>— Parcel Atlas</p>',
    ].join('\n'),
  };
}

/** The screens the mailed links open (spec §2). */
export type AccountLinkRoute =
  'register/activate' | 'reset-password' | 'invite' | 'login' | 'email-change/confirm' | 'email-change/undo';

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
