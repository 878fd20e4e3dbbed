import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { TYPE } from '@formatjs/icu-messageformat-parser';
import { translateValue } from '../../../src/contract/ParcelVocabulary';

/** The interface languages (spec §1); English is the default and the language the server's code speaks. */
export const SERVER_LANGUAGES = ['en', 'de', 'fr', 'it'] as const;
export type ServerLanguage = (typeof SERVER_LANGUAGES)[number];

/** The prefix of the server's own messages in translations/*.json: one catalogue for browser and server. */
export const SERVER_KEY_PREFIX = 'server.';

export type MessageValues = Record<string, string | number>;

export const isServerLanguage = (value: unknown): value is ServerLanguage =>
  typeof value === 'string' && (SERVER_LANGUAGES as readonly string[]).includes(value);

/**
 * The server's messages in the user's language (ADR 016). The catalogue is the browser's:
 * `translations/{en,de,fr,it}.json`, keys under `server.` (and any other key a mail or reply reuses),
 * ICU MessageFormat with plurals. The English text of a `server.` key is exactly what the server's code
 * answers, so replies written in English are translated in one place (translateReplies) by that text.
 */
export interface ServerTranslator {
  /** The message `key` in `language` (English when the language or the key is missing there). */
  format(language: ServerLanguage, key: string, values?: MessageValues): string;
  /** An English server message in `language`; the text itself when the catalogue does not know it. */
  translateEnglish(language: ServerLanguage, english: string): string;
  /** Whether the catalogue of `language` itself has the key. */
  has(language: ServerLanguage, key: string): boolean;
}

/** The language a `langcode` header (spec §7) asks for; English for none or an unknown one. */
export function languageOf(header: string | string[] | undefined): ServerLanguage {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase().slice(0, 2);
  return (SERVER_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as ServerLanguage) : 'en';
}

type Catalogue = Record<string, string>;

/** Where the catalogue lives: the repository's translations/ (the server runs from source with tsx). */
export const TRANSLATIONS_DIR = path.resolve(__dirname, '../../../translations');

export function createServerTranslator(dir: string = TRANSLATIONS_DIR): ServerTranslator {
  const catalogues = new Map<ServerLanguage, Catalogue>(
    SERVER_LANGUAGES.map((language) => [
      language,
      JSON.parse(fs.readFileSync(path.join(dir, `${language}.json`), 'utf8')) as Catalogue,
    ]),
  );
  const english = catalogues.get('en') as Catalogue;
  // English text → key, for the server's own messages only (a UI label must not rename a reply).
  const keyByEnglish = new Map(
    Object.entries(english)
      .filter(([key]) => key.startsWith(SERVER_KEY_PREFIX))
      .map(([key, text]) => [text, key]),
  );
  const formats = new Map<string, IntlMessageFormat>();
  const format = (language: ServerLanguage, key: string, values?: MessageValues): string => {
    const source = catalogues.get(language)?.[key] ?? english[key];
    if (source === undefined) return key;
    const id = `${language}\u0000${key}`;
    let compiled = formats.get(id);
    if (!compiled) {
      compiled = new IntlMessageFormat(source, language);
      formats.set(id, compiled);
    }
    return String(compiled.format(values));
  };
  const counted = countedMessages(english, format);
  return {
    format,
    has: (language, key) => key in (catalogues.get(language) ?? {}),
    translateEnglish(language, text) {
      if (language === 'en') return text;
      const key = keyByEnglish.get(text);
      if (key) return format(language, key);
      for (const { key: countedKey, argument, pattern } of counted) {
        const match = pattern.exec(text);
        if (match) return format(language, countedKey, { [argument]: Number(match[1]) });
      }
      return text;
    },
  };
}

/** The English text of a counted message with its number as a capture group. */
interface CountedMessage {
  key: string;
  argument: string;
  pattern: RegExp;
}

/** Stands for the count while a message's patterns are made; any number whose form is "other" serves. */
const SAMPLE_COUNTS = [1, 7];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The `server.` messages with one numeric argument (e.g. "Please wait {minutes, plural, …}"): the code answers
 * them with the number filled in, so they are found by pattern rather than by their exact text.
 */
function countedMessages(
  english: Catalogue,
  format: (language: ServerLanguage, key: string, values?: MessageValues) => string,
): CountedMessage[] {
  const counted: CountedMessage[] = [];
  for (const [key, source] of Object.entries(english)) {
    if (!key.startsWith(SERVER_KEY_PREFIX) || !source.includes('{')) continue;
    const argument = numericArgumentOf(source);
    if (!argument) continue;
    for (const count of SAMPLE_COUNTS) {
      const sample = format('en', key, { [argument]: count });
      const [before, after] = sample.split(String(count));
      if (after === undefined || sample.split(String(count)).length !== 2) continue;
      counted.push({
        key,
        argument,
        pattern: new RegExp(`^${escapeRegExp(before)}(\\d+)${escapeRegExp(after)}$`),
      });
    }
  }
  return counted;
}

/** The name of a message's only argument when it is a number or a plural; null otherwise. */
function numericArgumentOf(source: string): string | null {
  const elements = new IntlMessageFormat(source, 'en').getAst();
  const arguments_ = elements.filter((element) => 'value' in element && element.type !== TYPE.literal);
  if (arguments_.length !== 1) return null;
  const [only] = arguments_;
  return only.type === TYPE.number || only.type === TYPE.plural ? (only.value as string) : null;
}

/**
 * One language's view of the catalogue, for documents written in a chosen language (the PDF report, the
 * assessment page): messages, and coded parcel values through the one parcel vocabulary.
 */
export interface LanguageTranslator {
  readonly language: ServerLanguage;
  /** The message, or the English one when the language lacks it, or the id itself. */
  t(id: string, values?: MessageValues): string;
  /** Whether the language's catalogue has a message for the id. */
  has(id: string): boolean;
  /** A coded parcel value (hazard level, yes/no, zone code …) as text in the language. */
  value(field: string, value: unknown): string;
}

let shared: ServerTranslator | null = null;

/** The translator of a language over the repository's catalogue (read and compiled once per process). */
export function serverTranslator(language: ServerLanguage): LanguageTranslator {
  shared ??= createServerTranslator();
  const translator = shared;
  const t = (id: string, values?: MessageValues) => translator.format(language, id, values);
  return {
    language,
    t,
    has: (id) => translator.has(language, id),
    value: (field, value) => translateValue(field, value, t),
  };
}
