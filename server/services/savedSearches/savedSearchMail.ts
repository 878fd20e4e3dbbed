import type { LanguageCode } from '../../../src/contract/Accounts';
import type { SavedSearchMatch } from '../../../src/contract/SavedSearches';
import type { Mail } from '../mail/mailer';
import { escapeHtml, mailLanguage } from '../mail/composeAccountMail';
import { parcelLink } from '../mail/parcelLink';

interface AlertMailText {
  /** `{name}`: the saved search's name; `{count}`: how many new parcels. */
  subject: string;
  intro: string;
  open: string;
  unsubscribe: string;
}

/** The alert mail's texts in the four interface languages. */
const ALERT_MAIL_TEXTS: Record<LanguageCode, AlertMailText> = {
  en: {
    subject: 'Parcel Atlas: {count} new parcel(s) for “{name}”',
    intro: 'These parcels now match your saved search “{name}”:',
    open: 'Open the parcel',
    unsubscribe: 'Stop the alerts of this saved search',
  },
  de: {
    subject: 'Parcel Atlas: {count} neue Parzelle(n) für «{name}»',
    intro: 'Diese Parzellen passen neu zu Ihrer gespeicherten Suche «{name}»:',
    open: 'Parzelle öffnen',
    unsubscribe: 'Benachrichtigungen dieser gespeicherten Suche abbestellen',
  },
  fr: {
    subject: 'Parcel Atlas : {count} nouvelle(s) parcelle(s) pour « {name} »',
    intro: 'Ces parcelles correspondent désormais à votre recherche enregistrée « {name} » :',
    open: 'Ouvrir la parcelle',
    unsubscribe: 'Ne plus recevoir les alertes de cette recherche enregistrée',
  },
  it: {
    subject: 'Parcel Atlas: {count} nuova/e particella/e per «{name}»',
    intro: 'Queste particelle corrispondono ora alla sua ricerca salvata «{name}»:',
    open: 'Apri la particella',
    unsubscribe: 'Disattivare gli avvisi di questa ricerca salvata',
  },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

export interface AlertMailInput {
  to: string;
  language: string | null;
  searchName: string;
  matches: SavedSearchMatch[];
  publicUrl: string;
  unsubscribeLink: string;
}

/** The alert mail: the new parcels, each with its link, and the one-click unsubscribe link. */
export function composeAlertMail(input: AlertMailInput): Mail {
  const text = ALERT_MAIL_TEXTS[mailLanguage(input.language)];
  const values = { name: input.searchName, count: String(input.matches.length) };
  const rows = input.matches.map((match) => ({
    label: `${match.prcNo}, ${match.locname} (${match.canton})`,
    link: parcelLink(input.publicUrl, match.prcId),
  }));
  return {
    to: input.to,
    subject: fill(text.subject, values),
    text: [
      fill(text.intro, values),
      '',
      ...rows.map((row) => `- ${row.label}: ${row.link}`),
      '',
      `${text.unsubscribe}: ${input.unsubscribeLink}`,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(fill(text.intro, values))}</p>`,
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
