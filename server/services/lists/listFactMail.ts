import type { Mail } from '../mail/mailer';
import { escapeHtml, mailLanguage } from '../mail/composeAccountMail';
import { parcelLink } from '../mail/parcelLink';
import type { ServerTranslator } from '../i18n/ServerTranslator';

/** A listed parcel whose watched facts changed, with the topics that changed (lists.facts.* keys). */
export interface ChangedListedParcel {
  prcId: string;
  prcNo: string;
  locname: string;
  topics: string[];
}

export interface ListFactMailInput {
  to: string;
  language: string | null;
  listName: string;
  parcels: ChangedListedParcel[];
  publicUrl: string;
  unsubscribeLink: string;
}

/**
 * The mail of a list alert, in the recipient's language (server.listAlertMail.* and lists.facts.* of
 * translations/, server-only keys that the browser's bundles leave out): each changed parcel with what
 * changed and its link, and the one-click link that mutes this list's alerts for the recipient.
 */
export function composeListFactMail(translator: ServerTranslator, input: ListFactMailInput): Mail {
  const language = mailLanguage(input.language);
  const t = (key: string, values?: Record<string, string | number>) =>
    translator.format(language, `server.listAlertMail.${key}`, values);
  const values = { name: input.listName, count: input.parcels.length };
  const rows = input.parcels.map((parcel) => ({
    label: `${parcel.prcNo}, ${parcel.locname}`,
    changed: t('changed', {
      topics: parcel.topics.map((topic) => translator.format(language, `lists.facts.${topic}`)).join(', '),
    }),
    link: parcelLink(input.publicUrl, parcel.prcId),
  }));
  return {
    to: input.to,
    subject: t('subject', values),
    text: [
      t('intro', values),
      '',
      ...rows.map((row) => `- ${row.label} (${row.changed}): ${row.link}`),
      '',
      `${t('unsubscribe')}: ${input.unsubscribeLink}`,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(t('intro', values))}</p>`,
      '<ul>',
      ...rows.map(
        (row) =>
          `<li>${escapeHtml(row.label)} (${escapeHtml(row.changed)}) — <a href="${escapeHtml(row.link)}">${escapeHtml(t('open'))}</a></li>`,
      ),
      '</ul>',
      `<p style="color:#666"><a href="${escapeHtml(input.unsubscribeLink)}">${escapeHtml(t('unsubscribe'))}</a></p>`,
    ].join('\n'),
    link: rows[0]?.link ?? input.unsubscribeLink,
  };
}
