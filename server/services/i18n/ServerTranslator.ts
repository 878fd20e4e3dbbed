import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { translateValue } from '../../../src/contract/ParcelVocabulary';

/** The four languages a report or page can be written in (spec §1). */
export const SERVER_LANGUAGES = ['en', 'de', 'fr', 'it'] as const;
export type ServerLanguage = (typeof SERVER_LANGUAGES)[number];

export const isServerLanguage = (value: unknown): value is ServerLanguage =>
  typeof value === 'string' && (SERVER_LANGUAGES as readonly string[]).includes(value);

/** Values put into a message's `{name}` placeholders. */
export type MessageValues = Record<string, string | number>;

/**
 * Server-side translation: the same catalogues as the browser (`translations/{lang}.json`), formatted
 * with the same ICU message engine as react-intl, so a PDF or an assessment page says exactly what the
 * screen says; coded parcel values go through the one parcel vocabulary (src/contract/ParcelVocabulary).
 */
export interface ServerTranslator {
  readonly language: ServerLanguage;
  /** The message, or the English one when the language lacks it, or the id itself. */
  t(id: string, values?: MessageValues): string;
  /** Whether the catalogue has a message for the id. */
  has(id: string): boolean;
  /** A coded parcel value (hazard level, yes/no, zone code …) as text in the language. */
  value(field: string, value: unknown): string;
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

const formats = new Map<string, IntlMessageFormat>();

function format(
  language: ServerLanguage,
  id: string,
  message: string,
  values: MessageValues | undefined,
): string {
  const cacheKey = `${language}\u0000${id}`;
  let compiled = formats.get(cacheKey);
  if (!compiled) {
    compiled = new IntlMessageFormat(message, language);
    formats.set(cacheKey, compiled);
  }
  return String(compiled.format(values));
}

/** The translator of a language (catalogues are read and messages compiled once per process). */
export function serverTranslator(language: ServerLanguage): ServerTranslator {
  const messages = catalogue(language);
  const english = catalogue('en');
  const t = (id: string, values?: MessageValues): string => {
    if (id in messages) return format(language, id, messages[id], values);
    if (id in english) return format('en', id, english[id], values);
    return id;
  };
  return {
    language,
    t,
    has: (id) => id in messages,
    value: (field, value) => translateValue(field, value, t),
  };
}
