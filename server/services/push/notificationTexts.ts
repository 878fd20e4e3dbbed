import { IntlMessageFormat } from 'intl-messageformat';
import { LANGUAGE_CODES, type LanguageCode } from '../../../src/contract/Accounts';
import type { NotificationKind } from '../../../src/contract/PushNotifications';
import type { QuotaKind } from '../../../src/contract/Subscription';

interface NotificationText {
  /** `{product}`, `{quota}`, `{used}`, `{limit}` are replaced by the notification's values. */
  title: string;
  body: string;
}

interface LanguageTexts {
  kinds: Record<NotificationKind, NotificationText>;
  /** Plan changed with no usable plan left (subscription ended or cancelled). */
  planEnded: NotificationText;
  quotas: Record<QuotaKind, string>;
}

/**
 * Server-side texts of the notifications, in the four interface languages (spec §1): a web push is shown
 * by the service worker, which has no catalogue of its own, so the server sends it ready to read.
 */
export const NOTIFICATION_TEXTS: Record<LanguageCode, LanguageTexts> = {
  en: {
    kinds: {
      'plan-changed': { title: 'Your plan has changed', body: 'Your plan is now {product}.' },
      'quota-80': {
        title: '80 % of your {quota} used',
        body: 'You have used {used} of {limit} {quota} in this period.',
      },
      'quota-100': {
        title: '{quota}: limit reached',
        body: 'You have used all {limit} {quota} of your plan in this period. Upgrade your plan to receive more.',
      },
      'list-facts': {
        title: 'Facts changed on “{name}”',
        body: '{count, plural, one {# parcel of your list changed} other {# parcels of your list changed}} in the latest data update, e.g. {parcel}. The changes are in the parcel’s history.',
      },
      'saved-search': {
        title: 'New parcels for “{name}”',
        body: '{count, plural, one {# new parcel matches} other {# new parcels match}} your saved search, e.g. {parcel}.',
      },
      test: {
        title: 'Parcel Atlas',
        body: 'This is a test notification. Push notifications work on this device.',
      },
    },
    planEnded: { title: 'Your plan has changed', body: 'You have no active plan any more.' },
    quotas: {
      advance_search: 'advanced searches',
      full_view: 'full views',
      report_download: 'report downloads',
    },
  },
  de: {
    kinds: {
      'plan-changed': { title: 'Ihr Abonnement wurde geändert', body: 'Ihr Abonnement ist jetzt {product}.' },
      'quota-80': {
        title: '80 % Ihrer {quota} verbraucht',
        body: 'Sie haben in dieser Periode {used} von {limit} {quota} verbraucht.',
      },
      'quota-100': {
        title: 'Limit der {quota} erreicht',
        body: 'Sie haben alle {limit} {quota} Ihres Abonnements in dieser Periode verbraucht. Wechseln Sie zu einem grösseren Abonnement, um mehr zu erhalten.',
      },
      'list-facts': {
        title: 'Geänderte Angaben in «{name}»',
        body: '{count, plural, one {# Parzelle Ihrer Liste hat} other {# Parzellen Ihrer Liste haben}} sich mit der letzten Datenaktualisierung geändert, z. B. {parcel}. Die Änderungen stehen im Verlauf der Parzelle.',
      },
      'saved-search': {
        title: 'Neue Parzellen für «{name}»',
        body: '{count, plural, one {# neue Parzelle passt} other {# neue Parzellen passen}} zu Ihrer gespeicherten Suche, z. B. {parcel}.',
      },
      test: {
        title: 'Parcel Atlas',
        body: 'Dies ist eine Testbenachrichtigung. Push-Benachrichtigungen funktionieren auf diesem Gerät.',
      },
    },
    planEnded: { title: 'Ihr Abonnement wurde geändert', body: 'Sie haben kein aktives Abonnement mehr.' },
    quotas: {
      advance_search: 'erweiterten Suchen',
      full_view: 'Vollansichten',
      report_download: 'Bericht-Downloads',
    },
  },
  fr: {
    kinds: {
      'plan-changed': {
        title: 'Votre abonnement a changé',
        body: 'Votre abonnement est maintenant {product}.',
      },
      'quota-80': {
        title: '80 % du quota de {quota} utilisé',
        body: 'Vous avez utilisé {used} sur {limit} {quota} pendant cette période.',
      },
      'quota-100': {
        title: '{quota} : limite atteinte',
        body: 'Vous avez utilisé les {limit} {quota} de votre abonnement pendant cette période. Passez à un abonnement supérieur pour en obtenir davantage.',
      },
      'list-facts': {
        title: 'Données modifiées dans « {name} »',
        body: '{count, plural, one {# parcelle de votre liste a changé} other {# parcelles de votre liste ont changé}} lors de la dernière mise à jour des données, p. ex. {parcel}. Les changements figurent dans l’historique de la parcelle.',
      },
      'saved-search': {
        title: 'Nouvelles parcelles pour « {name} »',
        body: '{count, plural, one {# nouvelle parcelle correspond} other {# nouvelles parcelles correspondent}} à votre recherche enregistrée, p. ex. {parcel}.',
      },
      test: {
        title: 'Parcel Atlas',
        body: 'Ceci est une notification de test. Les notifications push fonctionnent sur cet appareil.',
      },
    },
    planEnded: { title: 'Votre abonnement a changé', body: "Vous n'avez plus d'abonnement actif." },
    quotas: {
      advance_search: 'recherches avancées',
      full_view: 'vues complètes',
      report_download: 'téléchargements de rapports',
    },
  },
  it: {
    kinds: {
      'plan-changed': { title: 'Il suo abbonamento è cambiato', body: 'Il suo abbonamento è ora {product}.' },
      'quota-80': {
        title: "Quota di {quota} usata all'80 %",
        body: 'In questo periodo ha usato {used} di {limit} {quota}.',
      },
      'quota-100': {
        title: '{quota}: limite raggiunto',
        body: 'In questo periodo ha raggiunto il limite di {limit} {quota} del suo abbonamento. Passi a un abbonamento superiore per riceverne di più.',
      },
      'list-facts': {
        title: 'Dati modificati in «{name}»',
        body: '{count, plural, one {# particella della sua lista è cambiata} other {# particelle della sua lista sono cambiate}} con l’ultimo aggiornamento dei dati, p. es. {parcel}. Le modifiche figurano nella cronologia della particella.',
      },
      'saved-search': {
        title: 'Nuove particelle per «{name}»',
        body: '{count, plural, one {# nuova particella corrisponde} other {# nuove particelle corrispondono}} alla sua ricerca salvata, p. es. {parcel}.',
      },
      test: {
        title: 'Parcel Atlas',
        body: 'Questa è una notifica di prova. Le notifiche push funzionano su questo dispositivo.',
      },
    },
    planEnded: { title: 'Il suo abbonamento è cambiato', body: 'Non ha più un abbonamento attivo.' },
    quotas: {
      advance_search: 'ricerche avanzate',
      full_view: 'visualizzazioni complete',
      report_download: 'download di rapporti',
    },
  },
};

/** What a notification says: its kind and the values its text needs. */
export type NotificationContent =
  | { kind: 'plan-changed'; product: string | null }
  | { kind: 'quota-80' | 'quota-100'; quota: QuotaKind; used: number; limit: number }
  | { kind: 'saved-search' | 'list-facts'; name: string; count: number; prcId: string; parcel: string }
  | { kind: 'test' };

/** The language to write in: the given one when it is an interface language, else English. */
export function notificationLanguage(language: string | null | undefined): LanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(language ?? '') ? (language as LanguageCode) : 'en';
}

/** ICU MessageFormat, as the catalogue's messages: the counts choose their plural form. */
const fill = (template: string, values: Record<string, string | number>, language: LanguageCode) =>
  String(new IntlMessageFormat(template, language).format(values));

/** Capitalises the first letter (a quota name that opens a title). */
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** Title and body of a notification in the language. */
export function notificationText(content: NotificationContent, language: LanguageCode): NotificationText {
  const texts = NOTIFICATION_TEXTS[language];
  if (content.kind === 'plan-changed' && content.product === null) return texts.planEnded;
  const template = texts.kinds[content.kind];
  const values: Record<string, string | number> =
    content.kind === 'plan-changed'
      ? { product: content.product ?? '' }
      : content.kind === 'test'
        ? {}
        : 'quota' in content
          ? { quota: texts.quotas[content.quota], used: String(content.used), limit: String(content.limit) }
          : { name: content.name, count: content.count, parcel: content.parcel };
  const title = fill(template.title, values, language);
  return { title: capitalised(title), body: fill(template.body, values, language) };
}

/** The app page a click on the notification opens. */
export function notificationUrl(content: NotificationContent): string {
  if (content.kind === 'quota-100') return '/plans';
  if (content.kind === 'test') return '/notifications';
  if (content.kind === 'saved-search' || content.kind === 'list-facts')
    return `/?parcel=${encodeURIComponent(content.prcId)}`;
  return '/';
}
