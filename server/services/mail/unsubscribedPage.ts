import { escapeHtml } from './composeAccountMail';
import { SERVER_LANGUAGES, type ServerTranslator } from '../i18n/ServerTranslator';

/**
 * The page a mail's one-click unsubscribe link opens: the catalogue's sentence (`key`) in the four
 * interface languages, since no session says which one the reader uses.
 */
export function unsubscribedPage(translator: ServerTranslator, key: string): string {
  const sentences = SERVER_LANGUAGES.map(
    (language) => `<p lang="${language}">${escapeHtml(translator.format(language, key))}</p>`,
  );
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Parcel Atlas</title>
<body style="font-family:sans-serif;max-width:40em;margin:3em auto">
${sentences.join('\n')}</body></html>`;
}
