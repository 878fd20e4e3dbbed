import fs from 'node:fs';
import path from 'node:path';

/** The four languages a report or page can be written in (spec §1). */
export const SERVER_LANGUAGES = ['en', 'de', 'fr', 'it'] as const;
export type ServerLanguage = (typeof SERVER_LANGUAGES)[number];

export const isServerLanguage = (value: unknown): value is ServerLanguage =>
  typeof value === 'string' && (SERVER_LANGUAGES as readonly string[]).includes(value);

/** Values put into a message's `{name}` placeholders. */
export type MessageValues = Record<string, string | number>;

/**
 * Server-side translation: the same catalogues as the browser (`translations/{lang}.json`), so a PDF or
 * an assessment page says exactly what the screen says. Messages the server writes use only plain
 * `{name}` placeholders (no ICU plurals), which are filled here.
 */
export interface ServerTranslator {
  readonly language: ServerLanguage;
  /** The message, or the English one when the language lacks it, or the id itself. */
  t(id: string, values?: MessageValues): string;
  /** Whether the catalogue has a message for the id. */
  has(id: string): boolean;
  /** A coded parcel value (hazard level, yes/no, zone code …) as text in the language. */
  value(field: string, value: string): string;
}

const TRANSLATIONS_DIR = path.join(__dirname, '..', '..', '..', 'translations');
const catalogues = new Map<ServerLanguage, Record<string, string>>();

function catalogue(language: ServerLanguage): Record<string, string> {
  let messages = catalogues.get(language);
  if (!messages) {
    messages = JSON.parse(fs.readFileSync(path.join(TRANSLATIONS_DIR, `${language}.json`), 'utf8')) as Record<
      string,
      string
    >;
    catalogues.set(language, messages);
  }
  return messages;
}

const fill = (message: string, values: MessageValues | undefined): string =>
  values ? message.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole)) : message;

/** The translator of a language (catalogues are read once per process). */
export function serverTranslator(language: ServerLanguage): ServerTranslator {
  const messages = catalogue(language);
  const english = catalogue('en');
  return {
    language,
    t: (id, values) => fill(messages[id] ?? english[id] ?? id, values),
    has: (id) => id in messages,
    value: (_field, value) => value,
  };
}
