import fs from 'node:fs';
import path from 'node:path';

const LANGUAGES = ['en', 'de', 'fr', 'it'] as const;

function load(language: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(process.cwd(), 'translations', `${language}.json`), 'utf8'));
}

const files = Object.fromEntries(LANGUAGES.map((language) => [language, load(language)]));
const allKeys = [...new Set(LANGUAGES.flatMap((language) => Object.keys(files[language])))].sort();

/** ICU placeholders of a message ({name}, {count, plural, …}) — a translation must keep them. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]).sort();
}

describe('translations/{en,de,fr,it}.json', () => {
  it.each(LANGUAGES)('%s has every key used in any of the four files', (language) => {
    const missing = allKeys.filter((key) => !(key in files[language]));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has a non-empty text for every key', (language) => {
    const empty = Object.entries(files[language])
      .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s keeps the placeholders of the English texts',
    (language) => {
      const broken = allKeys.filter((key) => {
        const english = files.en[key];
        const translated = files[language][key];
        if (typeof english !== 'string' || typeof translated !== 'string') return false;
        return placeholders(english).join() !== placeholders(translated).join();
      });
      expect(broken).toEqual([]);
    },
  );
});

describe('counts use ICU plurals', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- intl-messageformat is ESM-first; jest loads its CJS build
  const { IntlMessageFormat } = require('intl-messageformat') as typeof import('intl-messageformat');
  const format = (language: string, key: string, count: number) =>
    String(new IntlMessageFormat(files[language][key] as string, language).format({ count }));

  it.each([
    ['en', 'search.found', 'Found 1 result', 'Found 2 results'],
    ['de', 'search.found', '1 Ergebnis gefunden', '2 Ergebnisse gefunden'],
    ['fr', 'search.found', '1 résultat trouvé', '2 résultats trouvés'],
    ['it', 'search.found', '1 risultato trovato', '2 risultati trovati'],
    ['en', 'plans.limit.reportDownload', '1 report download', '2 report downloads'],
    ['de', 'plans.limit.advanceSearch', '1 erweiterte Suche', '2 erweiterte Suchen'],
  ])('%s %s: "%s", "%s"', (language, key, one, many) => {
    expect(format(language, key, 1)).toBe(one);
    expect(format(language, key, 2)).toBe(many);
  });

  it.each(LANGUAGES)('%s: every "{count}" followed by a word is a plural', (language) => {
    const bare = Object.entries(files[language])
      .filter(([, text]) => typeof text === 'string' && /\{count(, number)?\}\s*\p{L}/u.test(text))
      .map(([key]) => key);
    expect(bare).toEqual([]);
  });
});
