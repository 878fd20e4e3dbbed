import type { SavedSearchMatch } from '../../../src/contract/SavedSearches';
import type { Mail } from '../mail/mailer';
import { escapeHtml, mailLanguage } from '../mail/composeAccountMail';
import { parcelLink } from '../mail/parcelLink';
import { serverTranslator } from '../i18n/ServerTranslator';

export interface AlertMailInput {
  to: string;
  language: string | null;
  searchName: string;
  matches: SavedSearchMatch[];
  publicUrl: string;
  unsubscribeLink: string;
}

/**
 * The alert mail in the owner's language (server.savedSearchMail.* of translations/, server-only keys the
 * browser's bundles leave out): the new parcels, each with its link, and the one-click unsubscribe link.
 */
export function composeAlertMail(input: AlertMailInput): Mail {
  const { t } = serverTranslator(mailLanguage(input.language));
  const values = { name: input.searchName, count: input.matches.length };
  const text = {
    subject: t('server.savedSearchMail.subject', values),
    intro: t('server.savedSearchMail.intro', values),
    open: t('server.savedSearchMail.open'),
    unsubscribe: t('server.savedSearchMail.unsubscribe'),
  };
  const rows = input.matches.map((match) => ({
    label: `${match.prcNo}, ${match.locname} (${match.canton})`,
    link: parcelLink(input.publicUrl, match.prcId),
  }));
  return {
    to: input.to,
    subject: text.subject,
    text: [
      text.intro,
      '',
      ...rows.map((row) => `- ${row.label}: ${row.link}`),
      '',
      `${text.unsubscribe}: ${input.unsubscribeLink}`,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(text.intro)}</p>`,
      '<ul>',
      ...rows.map(
        (row) =>
          `<li>${escapeHtml(row.label)} — <a href="${escapeHtml(row.link)}">${escapeHtml(text.open)}</a></li>`,
      ),
      '</ul>',
      `<p style="color:#666"><a href="${escapeHtml(input.unsubscribeLink)}">${escapeHtml(text.unsubscribe)}</a></p>`,
    ].join('\n'),
    link: rows[0]?.link ?? input.unsubscribeLink,
  };
}
